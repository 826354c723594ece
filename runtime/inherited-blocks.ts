// The blocks a page inherits from its layout's files (the site header, the trending bar, the footer:
// docs/decisions/0074-layouts-own-the-shared-blocks.md) and how they combine with the page's own, in
// one place for every part that needs it: the page checks, the page loading, the migration that took
// the copies out of the pages and the page editor in the browser.
import { suggest, type Report } from "./findings";
import { joinPointer } from "./json-pointer";
import type { BlockInstance } from "./types";

/** A block as a page (or a brand's layout file) writes it: one with an inherited block's id may leave out the rest. */
export type BlockEntry = Omit<BlockInstance, "type" | "settings"> & { type?: string; settings?: Record<string, any> };

/** The blocks inherited, by region, each naming the file it comes from (`inherited`). */
export type InheritedRegions = Record<string, BlockInstance[]>;

/** What an entry with an inherited block's id may leave out: it takes them from that block. */
const TAKEN_OVER = ["type", "brands", "settings"] as const;

/** True when the entry names nothing but the id of the inherited block it places. */
function placesOnly(entry: BlockEntry): boolean {
  return TAKEN_OVER.every((key) => entry[key] === undefined);
}

/** Every inherited block by its id. */
export function inheritedById(inherited: InheritedRegions): Map<string, BlockInstance> {
  return new Map(Object.values(inherited).flatMap((blocks) => blocks.map((block) => [block.id, block] as const)));
}

/**
 * The regions with the inherited blocks in them, in the layout's order of regions:
 * - an entry with the id of an inherited block takes its place, where the entry is: what it leaves out
 *   of type, brands and settings it takes from that block (an entry with the id alone places the
 *   inherited block as it is, and it stays inherited);
 * - the ids in `hide` are left out;
 * - every other inherited block keeps its neighbour: it goes right after the inherited block before
 *   it in its region, wherever that one is now, or first in the region when none is there.
 * Inherited blocks are copied: a page never shares a settings object with another. Entries without a
 * type that name no inherited block are the checks' to report (left out here).
 */
export function withInheritedBlocks(
  inherited: InheritedRegions,
  own: Record<string, BlockEntry[]>,
  hide: readonly string[] = [],
  regionOrder: readonly string[] = [],
): Record<string, BlockInstance[]> {
  const byId = inheritedById(inherited);
  const hidden = new Set(hide);
  const placed = new Set<string>();
  const copy = (block: BlockInstance): BlockInstance => ({ ...block, settings: structuredClone(block.settings) });
  const regions: Record<string, BlockInstance[]> = {};
  for (const [region, entries] of Object.entries(own)) {
    regions[region] = entries.flatMap((entry) => {
      const base = byId.get(entry.id);
      if (!base) return entry.type === undefined ? [] : [entry as BlockInstance];
      placed.add(entry.id);
      if (placesOnly(entry)) return [copy(base)];
      const { inherited: _file, ...taken } = copy(base);
      const given = Object.fromEntries(Object.entries(entry).filter(([, value]) => value !== undefined));
      return [{ ...taken, ...given }];
    });
  }
  for (const [region, blocks] of Object.entries(inherited)) {
    const list = (regions[region] ??= []);
    let first = 0;
    blocks.forEach((block, index) => {
      if (placed.has(block.id) || hidden.has(block.id)) return;
      const after = blocks
        .slice(0, index)
        .reverse()
        .map((previous) => list.findIndex((item) => item.id === previous.id))
        .find((at) => at >= 0);
      list.splice(after === undefined ? first++ : after + 1, 0, copy(block));
    });
    if (!list.length && !(region in own)) delete regions[region];
  }
  const order = [...regionOrder, ...Object.keys(regions).filter((region) => !regionOrder.includes(region))];
  return Object.fromEntries(order.filter((region) => region in regions).map((region) => [region, regions[region]]));
}

/** "encabezado, tendencias (page-definitions/_layouts/main-sidebar.json)": the inherited ids by file. */
function describeInherited(inherited: InheritedRegions): string {
  const byFile = new Map<string, string[]>();
  for (const block of Object.values(inherited).flat()) {
    const file = block.inherited ?? "?";
    byFile.set(file, [...(byFile.get(file) ?? []), block.id]);
  }
  return [...byFile].map(([file, ids]) => `${ids.join(", ")} (${file})`).join("; ");
}

/**
 * What a schema cannot check of a page's inheritance: a block without a type takes the place of an
 * inherited one, and each hidden id names an inherited block that the page does not place too.
 * `inherited`: the blocks the page's brand and layout give it (undefined: none; null: unknown, its
 * files have problems of their own, and these checks wait for them).
 */
export function checkInheritance(page: any, inherited: InheritedRegions | null | undefined, report: Report): void {
  if (inherited === null) return;
  const byId = inherited ? inheritedById(inherited) : new Map<string, BlockInstance>();
  const known = [...byId.keys()];
  const placedAt = new Map<string, string>();
  const regions = page.regions && typeof page.regions === "object" ? page.regions : {};
  for (const [region, blocks] of Object.entries<any>(regions)) {
    if (!Array.isArray(blocks)) continue;
    blocks.forEach((block: any, index: number) => {
      if (!block || typeof block !== "object" || typeof block.id !== "string") return;
      const pointer = joinPointer("regions", region, index);
      if (byId.has(block.id)) placedAt.set(block.id, pointer);
      else if (block.type === undefined) {
        report(
          pointer,
          known.length
            ? `falta «type»: solo puede faltar en un bloque con el id de uno heredado${suggest(block.id, known)} (heredados: ${describeInherited(inherited!)})`
            : "falta la propiedad obligatoria «type»",
          block.id,
        );
      }
    });
  }
  if (!Array.isArray(page.hide)) return;
  page.hide.forEach((id: unknown, index: number) => {
    if (typeof id !== "string") return;
    const pointer = joinPointer("hide", index);
    if (!known.length) report(pointer, "esta página no hereda bloques de su diseño: no hay nada que ocultar", id);
    else if (!byId.has(id)) report(pointer, `no hay ningún bloque heredado con este id${suggest(id, known)} (heredados: ${describeInherited(inherited!)})`, id);
    else if (placedAt.has(id)) report(pointer, `el bloque heredado está oculto y a la vez la página lo pone en ${placedAt.get(id)}: quite uno de los dos`, id);
  });
}

/**
 * The page as its checks see it: each entry with an inherited block's id completed with what it takes
 * from that block (a copy), at the same place, so that the checks' pointers are the file's.
 */
export function completedEntries(page: any, inherited: InheritedRegions): any {
  const byId = inheritedById(inherited);
  const regions: Record<string, unknown> = {};
  for (const [region, blocks] of Object.entries<any>(page.regions && typeof page.regions === "object" ? page.regions : {})) {
    regions[region] = Array.isArray(blocks)
      ? blocks.map((block) => {
          const base = block && typeof block === "object" ? byId.get(block.id) : undefined;
          if (!base) return block;
          const completed = { ...block };
          for (const key of TAKEN_OVER) if (completed[key] === undefined && base[key] !== undefined) completed[key] = structuredClone(base[key]);
          return completed;
        })
      : blocks;
  }
  return { ...page, regions };
}
