import { withInheritedBlocks } from "../runtime/inherited-blocks";
import { migratePageText } from "../tooling/migrate";
import { pageMigrations, writtenInheritance } from "./page-migrations";

describe("the project's page migrations", () => {
  it("v2 drops the brand prefix of collection ids, only the page's own brand's", () => {
    const v1 = JSON.stringify(
      {
        id: "fucsia-home",
        brand: "fucsia",
        regions: {
          main: [
            { type: "collection-list", id: "a", settings: { collectionId: "fucsia-lo-ultimo" } },
            { type: "collection-list", id: "b", settings: { collectionId: "soho-lo-ultimo" } },
            { type: "collection-list", id: "c", settings: { collectionId: "destacados-moda" } },
          ],
        },
      },
      null,
      2,
    );
    const migrated = JSON.parse(migratePageText(v1, pageMigrations.slice(0, 1)).text);
    expect(migrated.schemaVersion).toBe(2);
    expect(migrated.regions.main.map((b: any) => b.settings.collectionId)).toEqual(["lo-ultimo", "soho-lo-ultimo", "destacados-moda"]);
  });

  describe("v3: pages inherit their layout's blocks (docs/decisions/0074-layouts-own-the-shared-blocks.md)", () => {
    const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";
    const block = (type: string, id: string, settings: Record<string, unknown> = { published: true }) => ({ type, id, settings });
    const layoutFiles = [
      {
        file: "page-definitions/_layouts/main-sidebar.json",
        layout: { layout: "main-sidebar" },
        text: json({
          layout: "main-sidebar",
          regions: { header: [block("site-header", "encabezado"), block("trending-bar", "tendencias")], footer: [block("site-footer", "pie")] },
        }),
      },
      {
        file: "page-definitions/forosemana/_layouts/main-sidebar.json",
        layout: { layout: "main-sidebar", brand: "forosemana" },
        text: json({ layout: "main-sidebar", hide: ["tendencias"], regions: {} }),
      },
    ];
    const inherited = writtenInheritance(layoutFiles);
    const v2 = (brand: string, regions: Record<string, unknown[]>) =>
      json({ schemaVersion: 2, id: "p", brand, route: "/p/", layout: "main-sidebar", metadata: {}, regions });
    const migrate = (text: string) => migratePageText(text, pageMigrations, { inherited });
    /** The blocks the page serves with those it inherits, as the site puts them (without naming their file). */
    const served = (text: string) => {
      const page = JSON.parse(text);
      const regions = withInheritedBlocks(inherited(page.brand, page.layout) ?? {}, page.regions, page.hide, [
        "header",
        "top",
        "main",
        "sidebar",
        "bottom",
        "footer",
      ]);
      return Object.fromEntries(Object.entries(regions).map(([region, blocks]) => [region, blocks.map(({ inherited: _file, ...rest }) => rest)]));
    };
    const main = [block("section-listing", "listado")];

    it("takes out the copies, keeps what differs and hides what the page did not have, serving the same blocks", () => {
      const before = v2("semana", {
        header: [
          block("dark-theme", "tema-oscuro"),
          block("site-header", "encabezado", { published: true, mode: "Oscuro" }),
          block("trending-bar", "tendencias"),
        ],
        main,
      });
      const { text } = migrate(before);
      expect(JSON.parse(text)).toMatchObject({
        schemaVersion: 3,
        hide: ["pie"],
        regions: { header: [block("dark-theme", "tema-oscuro"), { id: "encabezado", settings: { published: true, mode: "Oscuro" } }], main },
      });
      expect(served(text)).toEqual(JSON.parse(before).regions);
      // Nothing else of the file moved: the header's type is the one line gone from its block.
      expect(text).toContain('      {\n        "id": "encabezado",\n        "settings": {');
    });

    it("keeps the id of an inherited block whose place the page's own blocks decide, and a region it leaves empty goes", () => {
      const before = v2("semana", {
        header: [block("age-gate", "verificacion-edad"), block("site-header", "encabezado")],
        main,
        footer: [block("site-footer", "pie")],
      });
      const page = JSON.parse(migrate(before).text);
      expect(page.regions).toEqual({ header: [block("age-gate", "verificacion-edad"), { id: "encabezado" }], main });
      expect(page.hide).toEqual(["tendencias"]);
      expect(Object.keys(page)).toEqual(["schemaVersion", "id", "brand", "route", "layout", "metadata", "hide", "regions"]);
    });

    it("reads a brand's file over the every-brand one: Foros Semana's pages have no trending bar to hide", () => {
      const page = JSON.parse(migrate(v2("forosemana", { header: [block("site-header", "encabezado")], main, footer: [block("site-footer", "pie")] })).text);
      expect(page).not.toHaveProperty("hide");
      expect(page.regions).toEqual({ main });
    });

    it("leaves pages without a layout, or a layout without files, as they were but for their version", () => {
      const feed = json({
        schemaVersion: 2,
        id: "f",
        brand: "semana",
        route: "/f/",
        outputType: "rss",
        metadata: {},
        regions: { items: [block("content-feed", "i")] },
      });
      expect(JSON.parse(migrate(feed).text)).toEqual({ ...JSON.parse(feed), schemaVersion: 3 });
      const single = json({ schemaVersion: 2, id: "s", brand: "semana", route: "/s/", layout: "single-section", metadata: {}, regions: { main } });
      expect(JSON.parse(migrate(single).text)).toEqual({ ...JSON.parse(single), schemaVersion: 3 });
    });
  });
});
