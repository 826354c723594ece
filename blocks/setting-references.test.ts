// Every setting that names a section, a collection, a tag, an author, a gallery, a navigation tree or
// a content source says so with "refersTo" (runtime/setting-references.ts), so that the editor's form
// offers a picker for it: a block that adds one by these names without it fails here.
import path from "node:path";
import { listBlockFolders, readJson } from "../tooling/block-files";
import { inlineCommonSettings } from "../tooling/schema-builder";
import type { ReferenceKind } from "../runtime/setting-references";

/** The names blocks give such settings, and what each names. */
const NAMED: Record<string, ReferenceKind> = {
  section: "section",
  collectionId: "collection",
  tag: "tag",
  authorId: "author",
  autorIds: "author",
  galleryId: "gallery",
  navigationId: "navigation",
  source: "source",
};

const commonSettings = readJson(path.resolve("schemas/block-settings.schema.json"));

/** Each property of the settings, nested ones too, with its path. */
function properties(schema: any, at = ""): Array<[string, string, any]> {
  return Object.entries<any>(schema?.properties ?? {}).flatMap(([name, property]) => [
    [`${at}${name}`, name, property] as [string, string, any],
    ...properties(property, `${at}${name}.`),
  ]);
}

describe("settings that name content", () => {
  const folders = listBlockFolders(path.resolve("blocks"));
  it.each(folders.map((f) => [f.type, f] as const))("%s: say what they name", (_type, folder) => {
    const schema = inlineCommonSettings(readJson(folder.schemaPath), commonSettings);
    for (const [where, name, property] of properties(schema)) {
      // A closed list of values (the profile's "section") names none of these.
      if (!(name in NAMED) || property.enum) continue;
      expect(property.refersTo, `${folder.type}: ${where}`).toBe(NAMED[name]);
    }
  });

  it("are found in the blocks (the table above is not stale)", () => {
    const named = new Set(
      folders.flatMap((folder) => properties(inlineCommonSettings(readJson(folder.schemaPath), commonSettings)).map(([, , property]) => property.refersTo)),
    );
    expect([...named].filter(Boolean).sort()).toEqual([...new Set(Object.values(NAMED))].sort());
  });
});
