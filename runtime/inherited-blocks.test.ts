// The blocks pages inherit from their layout's files (docs/decisions/0074-layouts-own-the-shared-blocks.md).
import { describe, expect, it } from "vitest";
import type { Finding } from "./findings";
import { checkInheritance, withInheritedBlocks, type BlockEntry, type InheritedRegions } from "./inherited-blocks";
import type { BlockInstance } from "./types";

const ALL = "page-definitions/_layouts/main-sidebar.json";
const SOHO = "page-definitions/soho/_layouts/main-sidebar.json";
const ORDER = ["header", "top", "main", "sidebar", "footer"];
const block = (type: string, id: string, settings: Record<string, unknown> = { published: true }, inherited?: string): BlockInstance => ({
  type,
  id,
  settings,
  ...(inherited ? { inherited } : {}),
});
/** The every-brand file's blocks: header, trending bar, footer. */
const everyBrand: InheritedRegions = {
  header: [block("site-header", "encabezado", { published: true }, ALL), block("trending-bar", "tendencias", { published: true }, ALL)],
  footer: [block("site-footer", "pie", { published: true }, ALL)],
};
const ids = (regions: Record<string, BlockInstance[]>) =>
  Object.fromEntries(Object.entries(regions).map(([region, blocks]) => [region, blocks.map((b) => b.id)]));

describe("withInheritedBlocks", () => {
  it("puts the inherited blocks in the page, in the layout's order of regions, each naming its file", () => {
    const served = withInheritedBlocks(everyBrand, { main: [block("section-listing", "listado")] }, [], ORDER);
    expect(Object.keys(served)).toEqual(["header", "main", "footer"]);
    expect(ids(served)).toEqual({ header: ["encabezado", "tendencias"], main: ["listado"], footer: ["pie"] });
    expect(served.header[0].inherited).toBe(ALL);
    expect(served.main[0].inherited).toBeUndefined();
  });

  it("lets a block of the page with an inherited block's id replace it there, taking what it leaves out", () => {
    const dark: BlockEntry = { id: "encabezado", settings: { published: true, mode: "Oscuro" } };
    const served = withInheritedBlocks(everyBrand, { header: [block("dark-theme", "tema-oscuro"), dark], main: [] }, [], ORDER);
    // The override keeps the page's settings and takes the type; the trending bar stays after the header it follows.
    expect(ids(served).header).toEqual(["tema-oscuro", "encabezado", "tendencias"]);
    expect(served.header[1]).toEqual({ type: "site-header", id: "encabezado", settings: { published: true, mode: "Oscuro" } });
    // Another type with the same id replaces it too: the id is what names the block.
    const other = withInheritedBlocks(everyBrand, { header: [block("video-nav", "tendencias")] }, [], ORDER);
    expect(other.header.map((b) => b.type)).toEqual(["site-header", "video-nav"]);
    expect(other.header[1].inherited).toBeUndefined();
  });

  it("places an inherited block as it is with an entry of its id alone, which stays inherited", () => {
    const served = withInheritedBlocks(everyBrand, { header: [block("age-gate", "verificacion-edad"), { id: "encabezado" }] }, ["tendencias"], ORDER);
    expect(ids(served).header).toEqual(["verificacion-edad", "encabezado"]);
    expect(served.header[1]).toEqual(everyBrand.header[0]);
  });

  it("hides the ids the page names in hide, and drops a region left empty that the page does not write", () => {
    const served = withInheritedBlocks(everyBrand, { main: [block("list", "lista")] }, ["tendencias", "pie"], ORDER);
    expect(ids(served)).toEqual({ header: ["encabezado"], main: ["lista"] });
    const written = withInheritedBlocks(everyBrand, { main: [], footer: [] }, ["pie"], ORDER);
    expect(written.footer).toEqual([]);
  });

  it("puts an inherited block after the one before it in the layout file, wherever the page placed that one, or first", () => {
    const inherited: InheritedRegions = { sidebar: [block("a", "a"), block("b", "b"), block("c", "c")] };
    // b is placed after the page's own x: c follows b; a has nothing before it and goes first.
    expect(ids(withInheritedBlocks(inherited, { sidebar: [block("x", "x"), { id: "b" }, block("y", "y")] })).sidebar).toEqual(["a", "x", "b", "c", "y"]);
    // a moved to another region: b has no neighbour in the sidebar and goes first, c after it.
    expect(ids(withInheritedBlocks(inherited, { top: [{ id: "a" }], sidebar: [block("x", "x")] }))).toEqual({ top: ["a"], sidebar: ["b", "c", "x"] });
  });

  it("applies a brand's file over the every-brand one as a page does: its blocks replace by id, its hide hides", () => {
    const soho = withInheritedBlocks(
      everyBrand,
      { header: [{ id: "encabezado", settings: { published: true, mode: "Transparente" } }] },
      ["tendencias"],
      ORDER,
    );
    const forBrand: InheritedRegions = Object.fromEntries(
      Object.entries(soho).map(([region, blocks]) => [region, blocks.map((b) => (b.inherited ? b : { ...b, inherited: SOHO }))]),
    );
    const page = withInheritedBlocks(forBrand, { main: [block("list", "lista")] }, [], ORDER);
    expect(ids(page)).toEqual({ header: ["encabezado"], main: ["lista"], footer: ["pie"] });
    expect(page.header[0]).toMatchObject({ type: "site-header", settings: { mode: "Transparente" }, inherited: SOHO });
    expect(page.footer[0].inherited).toBe(ALL);
  });

  it("copies what it inherits: a page never shares settings with the file or another page", () => {
    const first = withInheritedBlocks(everyBrand, {}, [], ORDER);
    first.header[0].settings.published = false;
    expect(everyBrand.header[0].settings.published).toBe(true);
    expect(withInheritedBlocks(everyBrand, {}, [], ORDER).header[0].settings.published).toBe(true);
  });
});

describe("checkInheritance", () => {
  const findings = (page: unknown, inherited: InheritedRegions | null | undefined) => {
    const found: Finding[] = [];
    checkInheritance(page, inherited, (pointer, message, value) => found.push({ pointer, message, value }));
    return found;
  };

  it("accepts blocks without a type that take an inherited one's place, and hidden ids of inherited blocks", () => {
    expect(findings({ hide: ["tendencias"], regions: { header: [{ id: "encabezado", settings: {} }] } }, everyBrand)).toEqual([]);
  });

  it("names a block without a type that replaces nothing, and the inherited ids with their file", () => {
    expect(findings({ regions: { header: [{ id: "encabezad" }] } }, everyBrand)).toEqual([
      {
        pointer: "/regions/header/0",
        message: `falta «type»: solo puede faltar en un bloque con el id de uno heredado; ¿quiso decir «encabezado»? (heredados: encabezado, tendencias, pie (${ALL}))`,
        value: "encabezad",
      },
    ]);
    expect(findings({ regions: { main: [{ id: "lista" }] } }, undefined)[0].message).toBe("falta la propiedad obligatoria «type»");
  });

  it("refuses a hidden id that is not inherited, one the page also places, and hide on a page that inherits nothing", () => {
    const page = { hide: ["tendencia", "pie"], regions: { footer: [{ id: "pie" }] } };
    expect(findings(page, everyBrand).map((f) => [f.pointer, f.message])).toEqual([
      ["/hide/0", `no hay ningún bloque heredado con este id; ¿quiso decir «tendencias»? (heredados: encabezado, tendencias, pie (${ALL}))`],
      ["/hide/1", "el bloque heredado está oculto y a la vez la página lo pone en /regions/footer/0: quite uno de los dos"],
    ]);
    expect(findings({ hide: ["pie"], regions: {} }, undefined)[0].message).toBe("esta página no hereda bloques de su diseño: no hay nada que ocultar");
  });

  it("waits while the layout's files have problems of their own", () => {
    expect(findings({ hide: ["x"], regions: { main: [{ id: "y" }] } }, null)).toEqual([]);
  });
});
