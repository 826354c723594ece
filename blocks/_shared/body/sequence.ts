// The article body in reading order: the planned sequence of content elements and insertions
// (./insertions.ts), each element read as a body item (./items.ts) and each widget filled by the
// caller, each widget and ad slot once. No React here: this is server code.
import { bodyItem, type BodyItem, type Warn } from "./items";
import { planBody } from "./insertions";
import { isWidgetType, type WidgetItem, type WidgetType } from "./widgets";

/** The widgets the body will hold, in order, each once (what the recommendations must be fetched for). */
export function plannedWidgets(elements: unknown, withInsertions = true): WidgetType[] {
  const types = planBody(elements, withInsertions).map((step) => ("element" in step ? step.element.type : "widget" in step ? step.widget : undefined));
  return [...new Set(types.filter(isWidgetType))];
}

/**
 * The body in reading order: the content elements reduced to body items, with the ads and widgets
 * of docs/ads-and-widgets.md#body-insertions inserted (when `withInsertions`). Insertions are placed
 * by counting the document's text and time elements, empty ones included, before anything is left out.
 * A widget (carried by the content or inserted) is what `fill` makes of it, or nothing; each widget
 * and each ad slot appears once, where it first comes.
 */
export function bodyItems(elements: unknown, withInsertions = true, fill?: (type: WidgetType) => WidgetItem | undefined, warn?: Warn): BodyItem[] {
  const out: BodyItem[] = [];
  const placed = new Set<string>();
  const once = (key: string) => !placed.has(key) && Boolean(placed.add(key));
  for (const step of planBody(elements, withInsertions)) {
    if ("element" in step) {
      if (isWidgetType(step.element.type)) {
        const widget = once(`widget:${step.element.type}`) ? fill?.(step.element.type) : undefined;
        if (widget) out.push(widget);
        continue;
      }
      const item = bodyItem(step.element, warn);
      if (item && (item.type !== "ad" || once(`ad:${item.name}`))) out.push(item);
    } else if ("ad" in step) {
      if (once(`ad:${step.ad}`)) out.push({ type: "ad", name: step.ad });
    } else if (once(`widget:${step.widget}`)) {
      const widget = fill?.(step.widget);
      if (widget) out.push(widget);
    }
  }
  return out;
}
