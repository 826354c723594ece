import { currentVersion, migratePageText, versionOf, type PageMigration } from "./migrate";

const renameTitle: PageMigration = {
  to: 2,
  description: "«titulo» pasa a llamarse «title»",
  changes: (page) =>
    (page.regions?.main ?? []).flatMap((block: any, i: number) =>
      block.settings?.titulo === undefined
        ? []
        : [
            { path: ["regions", "main", i, "settings", "title"], value: block.settings.titulo },
            { path: ["regions", "main", i, "settings", "titulo"], value: undefined },
          ],
    ),
};
const dropDebug: PageMigration = { to: 3, description: "sin «debug»", changes: (page) => ("debug" in page ? [{ path: ["debug"], value: undefined }] : []) };

// Page files are written two-space indented, one property per line (as the editor tools write them).
const v1 = `{
  "$schema": "../../schemas/pages.schema.json",
  "id": "portada",
  "debug": true,
  "regions": {
    "main": [
      {
        "type": "a",
        "id": "x",
        "settings": {
          "published": true,
          "titulo": "Hola"
        }
      },
      {
        "type": "b",
        "id": "y",
        "settings": { "published": false }
      }
    ]
  }
}
`;

describe("page-definition migrations", () => {
  it("numbers versions from the migrations, and a file without a version is version 1", () => {
    expect(currentVersion([renameTitle, dropDebug])).toBe(3);
    expect(() => currentVersion([dropDebug])).toThrow(/en orden/);
    expect(versionOf({})).toBe(1);
    expect(versionOf({ schemaVersion: 3 })).toBe(3);
  });

  it("applies every migration from the file's version, keeping the rest of the text as it was", () => {
    const result = migratePageText(v1, [renameTitle, dropDebug]);
    expect(result).toMatchObject({ from: 1, to: 3, applied: ["v2: «titulo» pasa a llamarse «title»", "v3: sin «debug»"] });
    expect(result.text).toBe(`{
  "$schema": "../../schemas/pages.schema.json",
  "schemaVersion": 3,
  "id": "portada",
  "regions": {
    "main": [
      {
        "type": "a",
        "id": "x",
        "settings": {
          "published": true,
          "title": "Hola"
        }
      },
      {
        "type": "b",
        "id": "y",
        "settings": { "published": false }
      }
    ]
  }
}
`);
  });

  it("starts from the file's own version and leaves a current file untouched", () => {
    const v2 = migratePageText(v1, [renameTitle]).text;
    expect(JSON.parse(v2)).toMatchObject({ schemaVersion: 2, debug: true });
    const v3 = migratePageText(v2, [renameTitle, dropDebug]);
    expect(v3.applied).toEqual(["v3: sin «debug»"]);
    expect(migratePageText(v3.text, [renameTitle, dropDebug])).toMatchObject({ from: 3, to: 3, applied: [], text: v3.text });
  });

  it("refuses a version newer than it knows", () => {
    expect(() => migratePageText('{ "schemaVersion": 9 }', [renameTitle])).toThrow("versión de esquema 9 desconocida: la más reciente es 2");
  });

  it("runs a block type's own settings migrations on every block of that type, touching only what they change", () => {
    // A block of type "a" renamed its «titulo» to «title» and turned «size» from text into a number.
    const aMigrations = [
      {
        description: "«titulo» pasa a llamarse «title»",
        migrate: ({ titulo, ...rest }: Record<string, unknown>) => (titulo === undefined ? undefined : { ...rest, title: titulo }),
      },
      {
        description: "«size» es un número",
        migrate: (settings: Record<string, unknown>) => (typeof settings.size === "string" ? { ...settings, size: Number(settings.size) } : undefined),
      },
    ];
    const text = `{
  "schemaVersion": 2,
  "id": "portada",
  "regions": {
    "main": [
      { "type": "a", "id": "x", "settings": { "published": true, "titulo": "Hola", "size": "4" } },
      { "type": "b", "id": "y", "settings": { "titulo": "No es de tipo a" } }
    ],
    "footer": [
      { "type": "a", "id": "z", "settings": { "published": true, "size": 3 } }
    ]
  }
}
`;
    const result = migratePageText(text, [renameTitle], {}, { a: aMigrations });
    expect(result.applied).toEqual(["a «x»: «titulo» pasa a llamarse «title»", "a «x»: «size» es un número"]);
    const page = JSON.parse(result.text);
    expect(page.regions.main[0].settings).toEqual({ published: true, size: 4, title: "Hola" });
    // Another type's setting of the same name, and a block already migrated, are left as they were.
    expect(page.regions.main[1].settings).toEqual({ titulo: "No es de tipo a" });
    for (const untouched of text.split("\n").filter((line) => /"id": "[yz]"/.test(line))) expect(result.text).toContain(untouched);
    // Run again, nothing applies: the migrations say when they apply.
    expect(migratePageText(result.text, [renameTitle], {}, { a: aMigrations })).toMatchObject({ applied: [], text: result.text });
  });
});
