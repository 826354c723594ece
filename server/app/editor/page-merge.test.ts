// The three-way merge of a save against what changed on disk since the page was loaded: changes to
// different blocks or page-level keys merge, the same block or key changed on both sides does not.
import { describe, expect, it } from "vitest";
import { describeParts, mergePages } from "./page-merge";

const block = (id: string): { type: string; id: string; settings: Record<string, unknown> } => ({ type: "latest-stories", id, settings: { published: true } });

/** A page with blocks a and b in main, c in sidebar, nothing in bottom. */
const basePage = () => ({
  $schema: "../../schemas/pages.schema.json",
  schemaVersion: 2,
  id: "portada",
  brand: "semana",
  route: "/",
  layout: "main-sidebar",
  metadata: { title: "Portada | Semana" },
  regions: { main: [block("a"), block("b")], sidebar: [block("c")], bottom: [] as unknown[] },
});
type TestPage = ReturnType<typeof basePage>;
const edited = (edit: (page: TestPage) => void) => {
  const page = basePage();
  edit(page);
  return page;
};
const ids = (page: Record<string, any> | undefined, region: string) => page?.regions[region].map((b: any) => b.id);

describe("mergePages", () => {
  it("merges edits of different blocks, and says what came from the disk", () => {
    const mine = edited((p) => (p.regions.main[0].settings.feedSize = 3));
    const disk = edited((p) => (p.regions.sidebar[0].settings.feedSize = 8));
    const { page, conflicts, fromDisk } = mergePages(basePage(), mine, disk);
    expect(conflicts).toEqual({ blocks: [], keys: [], regions: [] });
    expect(page).toEqual(edited((p) => ((p.regions.main[0].settings.feedSize = 3), (p.regions.sidebar[0].settings.feedSize = 8))));
    expect(fromDisk).toEqual({ blocks: ["c"], keys: [], regions: [] });
  });

  it("refuses different edits of the same block, naming it; the same edit on both sides is no conflict", () => {
    const mine = edited((p) => (p.regions.main[1].settings.feedSize = 3));
    const disk = edited((p) => (p.regions.main[1].settings.feedSize = 4));
    const refused = mergePages(basePage(), mine, disk);
    expect(refused.page).toBeUndefined();
    expect(refused.conflicts).toEqual({ blocks: ["b"], keys: [], regions: [] });
    expect(describeParts(refused.conflicts)).toBe("el bloque «b»");
    // Different settings of the same block are still the same block.
    const other = edited((p) => (p.regions.main[1].settings.published = false));
    expect(mergePages(basePage(), mine, other).conflicts.blocks).toEqual(["b"]);
    expect(mergePages(basePage(), mine, structuredClone(mine))).toMatchObject({ page: mine, conflicts: { blocks: [] } });
  });

  it("keeps a block the editor moved with the settings the disk gave it, and the other way round", () => {
    const moved = edited((p) => p.regions.bottom.push(p.regions.main.shift()!));
    const settings = edited((p) => (p.regions.main[0].settings.feedSize = 7));
    const expected = edited((p) => {
      p.regions.main[0].settings.feedSize = 7;
      p.regions.bottom.push(p.regions.main.shift()!);
    });
    for (const [mine, disk] of [
      [moved, settings],
      [settings, moved],
    ]) {
      const { page, conflicts } = mergePages(basePage(), mine, disk);
      expect(conflicts).toEqual({ blocks: [], keys: [], regions: [] });
      expect(page).toEqual(expected);
    }
  });

  it("keeps blocks both sides added, and refuses a block both moved to different places", () => {
    const mine = edited((p) => p.regions.main.push(block("nuevo-editor")));
    const disk = edited((p) => p.regions.main.push(block("nuevo-disco")));
    expect(ids(mergePages(basePage(), mine, disk).page, "main")).toEqual(["a", "b", "nuevo-editor", "nuevo-disco"]);

    const toBottom = edited((p) => p.regions.bottom.push(p.regions.sidebar.pop()!));
    const toMain = edited((p) => p.regions.main.unshift(p.regions.sidebar.pop()!));
    expect(mergePages(basePage(), toBottom, toMain).conflicts.blocks).toEqual(["c"]);
    // Two reorderings of the same blocks of a region.
    const swapped = edited((p) => p.regions.main.reverse());
    const withNew = edited((p) => p.regions.main.splice(1, 0, block("entre")));
    const refused = mergePages(basePage(), swapped, withNew);
    expect(refused.conflicts.regions).toEqual(["main"]);
    expect(describeParts(refused.conflicts)).toMatch(/^los bloques «.+»; el orden de «main»$/);
  });

  it("removes a block one side removed unless the other edited it", () => {
    const removed = edited((p) => p.regions.main.splice(0, 1));
    const other = edited((p) => (p.regions.main[1].settings.feedSize = 2));
    const merged = mergePages(basePage(), removed, other);
    expect(ids(merged.page, "main")).toEqual(["b"]);
    expect(merged.page?.regions).toMatchObject({ main: [{ id: "b", settings: { feedSize: 2 } }] });
    const editedA = edited((p) => (p.regions.main[0].settings.feedSize = 2));
    expect(mergePages(basePage(), removed, editedA).conflicts.blocks).toEqual(["a"]);
    expect(mergePages(basePage(), editedA, removed).conflicts.blocks).toEqual(["a"]);
    // Moved on one side, removed on the other: removed.
    const moved = edited((p) => p.regions.bottom.push(p.regions.main.shift()!));
    expect(mergePages(basePage(), moved, removed).page?.regions).toMatchObject({ main: [{ id: "b" }], bottom: [] });
  });

  it("merges different page-level keys and refuses the same key changed differently", () => {
    const mine = edited((p) => (p.metadata.title = "Portada nueva | Semana"));
    const disk = edited((p) => (p.route = "/inicio/"));
    const merged = mergePages(basePage(), mine, disk);
    expect(merged.page).toMatchObject({ route: "/inicio/", metadata: { title: "Portada nueva | Semana" } });
    expect(merged.fromDisk.keys).toEqual(["route"]);
    // A key added on disk, one removed in the editor.
    const added = mergePages(
      basePage(),
      edited((p) => delete (p as any).layout),
      edited((p) => Object.assign(p, { allBrands: true })),
    );
    expect(added.page).not.toHaveProperty("layout");
    expect(added.page).toHaveProperty("allBrands", true);

    const clash = mergePages(
      basePage(),
      mine,
      edited((p) => (p.metadata.title = "Otra | Semana")),
    );
    expect(clash.page).toBeUndefined();
    expect(clash.conflicts).toEqual({ blocks: [], keys: ["metadata"], regions: [] });
    expect(describeParts(clash.conflicts)).toBe("«metadata»");
  });

  it("keeps the disk's key order, and compares values whatever the order of their keys", () => {
    const disk = { ...edited((p) => (p.route = "/inicio/")) } as Record<string, unknown>;
    const reordered = Object.fromEntries(Object.entries(basePage()).reverse());
    const { page, conflicts } = mergePages(basePage(), reordered, disk);
    expect(conflicts.keys).toEqual([]);
    expect(Object.keys(page!)).toEqual(Object.keys(disk));
  });

  it("merges regions whole when a block has no id: different changes to them are a conflict", () => {
    const noIds = () => edited((p) => ((p.regions.bottom as unknown[]).push({ type: "ad" }), undefined));
    const mine = noIds();
    mine.regions.main[0].settings.feedSize = 3;
    const disk = noIds();
    disk.metadata.title = "Otra";
    expect(mergePages(noIds(), mine, disk).page).toMatchObject({ metadata: { title: "Otra" }, regions: { main: [{ settings: { feedSize: 3 } }, {}] } });
    disk.regions.sidebar[0].settings.feedSize = 9;
    expect(mergePages(noIds(), mine, disk).conflicts.keys).toEqual(["regions"]);
  });
});
