// Ad and widget insertion in the article body (docs/ads-and-widgets.md#body-insertions), counted over
// text and time elements only: after the 1st, the mobile ad 'Boton_1_M' and a geo video player; after
// the 3rd, 'Barra_Especial'; after the 4th, the newsroom and taboola widgets; after the 7th,
// 'Boton_2_M' (mobile) and 'Barra_2_D' (desktop); after the last, a connatix player. It runs on the
// server (./sequence.ts turns the plan into the body the component renders). An insertion the content
// already carries (the same widget, the same ad slot) is not inserted again: no doubled widgets.
import type { AdSlotName } from "../../../brands/ads";
import type { AnsElement } from "../../../domain/ans";
import type { WidgetType } from "./widgets";

export { WIDGETS } from "./widgets";

/** The element types that count for insertion (docs/article-pages.md#content-elements). */
export const COUNTED_ELEMENT_TYPES: readonly string[] = ["text", "time"];

export type Insertion = { ad: AdSlotName } | { widget: WidgetType };

/** `after`: the 1-based count of text/time elements after which the insertions go, or "last". */
export const BODY_INSERTIONS: ReadonlyArray<{ after: number | "last"; insert: readonly Insertion[] }> = [
  { after: 1, insert: [{ ad: "Boton_1_M" }, { widget: "connatix_geo_player" }] },
  { after: 3, insert: [{ ad: "Barra_Especial" }] },
  { after: 4, insert: [{ widget: "newsroom" }, { widget: "taboola" }] },
  { after: 7, insert: [{ ad: "Boton_2_M" }, { ad: "Barra_2_D" }] },
  { after: "last", insert: [{ widget: "connatix" }] },
];

/** A step of the plan: a content element of the document (with its position there) or an insertion. */
export type PlannedItem = { element: AnsElement; index: number } | Insertion;

/** The key of an insertion, and of the content element that is the same thing ("widget:taboola", "ad:Boton_1_M"). */
function insertionKey(insertion: Insertion): string {
  return "ad" in insertion ? `ad:${insertion.ad}` : `widget:${insertion.widget}`;
}

function elementKey(element: AnsElement): string | undefined {
  if (element.type === "ad") return typeof element.adSlot === "string" ? `ad:${element.adSlot.trim()}` : undefined;
  return `widget:${element.type}`;
}

/**
 * The body in reading order: the content elements with the insertions after the counted ones,
 * except those the content carries already. Elements that are not objects with a string type are
 * left out. With `withInsertions` off, only the elements.
 */
export function planBody(elements: unknown, withInsertions = true): PlannedItem[] {
  const list = (Array.isArray(elements) ? elements : [])
    .map((element, index) => ({ element: element as AnsElement, index }))
    .filter(({ element }) => element && typeof element === "object" && typeof element.type === "string");
  const total = list.filter(({ element }) => COUNTED_ELEMENT_TYPES.includes(element.type)).length;
  const carried = new Set(list.map(({ element }) => elementKey(element)));
  const insert = (insertions: readonly Insertion[]) => insertions.filter((insertion) => !carried.has(insertionKey(insertion)));
  const out: PlannedItem[] = [];
  let seen = 0;
  for (const item of list) {
    out.push(item);
    if (!withInsertions || !COUNTED_ELEMENT_TYPES.includes(item.element.type)) continue;
    seen++;
    for (const rule of BODY_INSERTIONS) if (rule.after === seen) out.push(...insert(rule.insert));
    if (seen === total) for (const rule of BODY_INSERTIONS) if (rule.after === "last") out.push(...insert(rule.insert));
  }
  return out;
}
