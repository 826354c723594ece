import { migratePageText } from "../tooling/migrate";
import { pageMigrations } from "./page-migrations";

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
});
