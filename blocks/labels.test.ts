// Every setting an editor sees in a block's form has a Spanish label (`title`) and help text
// (`description`), its own or its common setting's, at any depth: nested objects, array items and
// the frame settings the runtime adds to every block (docs/editor-tools.md#page-editor).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readBlockSchemas, readJson } from "../tooling/block-files";
import { buildSettingsSchemas } from "../tooling/schema-builder";

const commonSettings = readJson(path.resolve("schemas/block-settings.schema.json"));
// Common settings inlined (a title beside a $ref wins) and the frame settings added, as the form gets them.
const settingsSchemas = buildSettingsSchemas({ blockSchemas: readBlockSchemas(path.resolve("blocks")), commonSettings });

/** A label: sentence case, short, not the property's name nor any other identifier ("feedSize", "is_blue"). */
const isLabel = (title: unknown, name: string) =>
  typeof title === "string" && title !== name && /^\p{Lu}/u.test(title) && title.length <= 60 && !/(^|\P{L})\p{Ll}+\p{Lu}|_/u.test(title);

/** Where a schema holds other schemas whose properties are settings too (not `if`: a condition). */
function subschemas(schema: any, pointer: string): Array<[any, string]> {
  const out: Array<[any, string]> = [];
  for (const key of ["items", "additionalProperties", "then", "else"])
    if (schema[key] && typeof schema[key] === "object" && !Array.isArray(schema[key])) out.push([schema[key], `${pointer}/${key}`]);
  for (const key of ["items", "allOf", "anyOf", "oneOf"])
    if (Array.isArray(schema[key])) schema[key].forEach((item: any, i: number) => out.push([item, `${pointer}/${key}/${i}`]));
  for (const key of ["dependentSchemas", "dependencies"])
    for (const [name, value] of Object.entries<any>(schema[key] ?? {}))
      if (value && typeof value === "object" && !Array.isArray(value)) out.push([value, `${pointer}/${key}/${name}`]);
  return out;
}

/** The JSON pointers (with what they lack) of the settings in `schema[key]` and below without a label or a help text. */
function unlabelled(schema: any, pointer = "", key = "properties"): string[] {
  const out: string[] = [];
  for (const [name, property] of Object.entries<any>(schema?.[key] ?? {})) {
    const at = `${pointer}/${key}/${name}`;
    if (!isLabel(property?.title, name)) out.push(`${at}: no Spanish title (${JSON.stringify(property?.title)})`);
    if (!/\S/.test(property?.description ?? "")) out.push(`${at}: no description`);
    out.push(...unlabelled(property, at));
    for (const [sub, subPointer] of subschemas(property ?? {}, at)) out.push(...unlabelled(sub, subPointer));
  }
  return out;
}

describe("setting labels", () => {
  it("label every common setting in schemas/block-settings.schema.json", () => {
    expect(unlabelled(commonSettings, "", "definitions")).toEqual([]);
  });

  it.each(Object.keys(settingsSchemas).sort())("label every setting of %s, nested ones included", (type) => {
    expect(unlabelled(settingsSchemas[type]), `blocks/${type}/schema.json`).toEqual([]);
  });

  it("find what a schema leaves unlabelled, at any depth", () => {
    const schema = {
      properties: {
        feedSize: { title: "feedSize", description: "Cuántos." },
        reasons: { title: "Motivos", description: "Lista.", items: { properties: { code: { description: "Código." } } } },
        nested: { title: "Anidado", description: "Un objeto.", properties: { isBlue: { title: "Fondo azul" } } },
      },
    };
    expect(unlabelled(schema)).toEqual([
      '/properties/feedSize: no Spanish title ("feedSize")',
      "/properties/reasons/items/properties/code: no Spanish title (undefined)",
      "/properties/nested/properties/isBlue: no description",
    ]);
  });
});
