// The migrations of page definitions, in order (tooling/migrate.ts). `npm run migrate:pages` applies
// them; the validator refuses a file whose version is not the current one and names that command.
import { inheritedById, withInheritedBlocks, type BlockEntry, type InheritedRegions } from "../runtime/inherited-blocks";
import { HTML_OUTPUT, type BlockInstance } from "../runtime/types";
import type { DefinitionFile } from "../tooling/page-files";
import { pageBlocks, type MigrationContext, type PageChange, type PageMigration } from "../tooling/migrate";
import { layouts } from "./layouts";

/** What an entry that names an inherited block may leave out when it has it as that block does. */
const TAKEN_OVER = ["type", "brands", "settings"] as const;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Whether two pages' regions hold the same blocks in the same order (settings compared with their key order: hydrating blocks send them as written). */
function sameBlocks(a: Record<string, BlockInstance[]>, b: Record<string, BlockInstance[]>): boolean {
  const names = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...names].every((name) => {
    const [x, y] = [a[name] ?? [], b[name] ?? []];
    return (
      x.length === y.length &&
      x.every((block, i) => block.type === y[i].type && block.id === y[i].id && TAKEN_OVER.every((key) => sameValue(block[key], y[i][key])))
    );
  });
}

/**
 * The changes that let a page written out in full inherit its layout's blocks and still hold the same
 * blocks in the same order (docs/decisions/0074-layouts-own-the-shared-blocks.md): an inherited block
 * it has as it is goes (unless the order needs it placed: then its id stays), one it has otherwise
 * keeps only what differs (its settings), and one it did not have is hidden.
 */
function inheritanceChanges(page: any, inherited: InheritedRegions | undefined): PageChange[] {
  const html = (page?.outputType ?? HTML_OUTPUT) === HTML_OUTPUT && page?.redirect === undefined;
  if (!inherited || !html || typeof page.layout !== "string" || !page.regions || typeof page.regions !== "object") return [];
  const served: Record<string, BlockInstance[]> = page.regions;
  const byId = inheritedById(inherited);
  const order = layouts.find((layout) => layout.name === page.layout)?.regions ?? [];
  const own = new Set(
    Object.values(served)
      .flat()
      .map((block) => block.id),
  );
  const hide = [...byId.keys()].filter((id) => !own.has(id));
  // Each entry with what it has as the inherited block of its id left out, and its index in the file.
  type Entry = { index: number; entry: BlockEntry; dropped: string[] };
  let regions: Record<string, Entry[]> = Object.fromEntries(
    Object.entries(served).map(([region, blocks]) => [
      region,
      blocks.map((block, index) => {
        const base = byId.get(block.id);
        const dropped = base ? TAKEN_OVER.filter((key) => block[key] !== undefined && sameValue(block[key], base[key])) : [];
        const entry: BlockEntry = { ...block };
        for (const key of dropped) delete entry[key];
        return { index, entry, dropped };
      }),
    ]),
  );
  const serves = (candidate: Record<string, Entry[]>) =>
    sameBlocks(
      withInheritedBlocks(inherited, Object.fromEntries(Object.entries(candidate).map(([r, entries]) => [r, entries.map((e) => e.entry)])), hide, order),
      served,
    );
  // Written out in full, every inherited block the page has is placed where it is: that always serves the same.
  if (!serves(regions))
    regions = Object.fromEntries(Object.entries(served).map(([r, blocks]) => [r, blocks.map((entry, index) => ({ index, entry, dropped: [] }))]));
  if (!serves(regions))
    throw new Error(`la página «${page.id}» no se puede escribir con lo que hereda sin cambiar sus bloques: revise sus bloques con ids de los heredados`);
  // Then each entry that only places an inherited block goes, when the block lands in the same place without it.
  for (const region of Object.keys(regions)) {
    for (let i = regions[region].length - 1; i >= 0; i--) {
      const { entry } = regions[region][i];
      if (!byId.has(entry.id) || TAKEN_OVER.some((key) => entry[key] !== undefined)) continue;
      const trial = { ...regions, [region]: regions[region].filter((_, j) => j !== i) };
      if (!trial[region].length) delete trial[region];
      if (serves(trial)) regions = trial;
    }
  }
  const changes: PageChange[] = [];
  for (const [region, blocks] of Object.entries(served)) {
    const kept = regions[region];
    if (!kept) {
      changes.push({ path: ["regions", region], value: undefined });
      continue;
    }
    // From the last item back, so that each change's index is still the file's.
    for (let index = blocks.length - 1; index >= 0; index--) {
      const entry = kept.find((e) => e.index === index);
      if (!entry) changes.push({ path: ["regions", region, index], value: undefined });
      else for (const key of entry.dropped) changes.push({ path: ["regions", region, index, key], value: undefined });
    }
  }
  if (hide.length) changes.push({ path: ["hide"], value: hide, before: "regions" });
  return changes;
}

/**
 * What each page inherits, from the layout files as they are written (a migration runs before the
 * checks): a brand's file over the every-brand one, each block naming its file.
 */
export function writtenInheritance(files: DefinitionFile[]): NonNullable<MigrationContext["inherited"]> {
  const parsed = files.flatMap(({ file, text, layout }) => {
    const json = layout ? JSON.parse(text) : undefined;
    const regions: Record<string, BlockEntry[]> = json?.regions && typeof json.regions === "object" ? json.regions : {};
    const stamped = Object.fromEntries(Object.entries(regions).map(([r, blocks]) => [r, blocks.map((block) => ({ ...block, inherited: file }))]));
    return layout ? [{ layout, regions: stamped, hide: Array.isArray(json.hide) ? json.hide : [] }] : [];
  });
  const everyBrand = new Map(parsed.filter((f) => f.layout.brand === undefined).map((f) => [f.layout.layout, f.regions as InheritedRegions]));
  return (brand, layout) => {
    const own = parsed.find((f) => f.layout.brand === brand && f.layout.layout === layout);
    const base = everyBrand.get(layout);
    if (!own) return base;
    const order = layouts.find((l) => l.name === layout)?.regions;
    return withInheritedBlocks(base ?? {}, own.regions, own.hide, order);
  };
}

export const pageMigrations: PageMigration[] = [
  {
    to: 2,
    description: "los ids de colección ya no llevan la marca delante («fucsia-lo-ultimo» → «lo-ultimo»): cada marca tiene sus colecciones",
    changes(page) {
      const changes: PageChange[] = [];
      const prefix = typeof page?.brand === "string" ? `${page.brand}-` : undefined;
      if (!prefix) return changes;
      for (const { block, path } of pageBlocks(page)) {
        const collectionId = block?.settings?.collectionId;
        if (typeof collectionId === "string" && collectionId.startsWith(prefix)) {
          changes.push({ path: [...path, "settings", "collectionId"], value: collectionId.slice(prefix.length) });
        }
      }
      return changes;
    },
  },
  {
    to: 3,
    description:
      "las páginas heredan los bloques de su diseño (page-definitions/_layouts/): se quitan los que la página tenía iguales, de los que tenía con otros ajustes queda lo distinto, y se ocultan («hide») los que no tenía",
    changes: (page, context) =>
      inheritanceChanges(page, typeof page?.brand === "string" && typeof page?.layout === "string" ? context.inherited?.(page.brand, page.layout) : undefined),
  },
];
