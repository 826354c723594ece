// The schema editors' IDEs check layout files with (schemas/layout.schema.json, which takes its parts
// from the combined page schema): it accepts the project's layout files and what the validator accepts,
// and refuses what the validator refuses (docs/decisions/0074-layouts-own-the-shared-blocks.md).
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { REFERS_TO_KEYWORD } from "../runtime/setting-references";
import { combinedSchema, listLayoutFiles } from "../server/project";
import { LAYOUT_FILE_KEYS } from "../tooling/page-files";

const layoutSchema = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "layout.schema.json"), "utf8"));

function validator() {
  const ajv = new Ajv({ strict: true, allErrors: true });
  addFormats(ajv);
  ajv.addKeyword(REFERS_TO_KEYWORD);
  ajv.addSchema(combinedSchema());
  return ajv.compile(layoutSchema);
}

describe("layout.schema.json", () => {
  it("names the keys the validator takes in a layout file", () => {
    expect(Object.keys(layoutSchema.properties)).toEqual(LAYOUT_FILE_KEYS);
  });

  it("accepts every layout file of page-definitions/", () => {
    const validate = validator();
    const files = listLayoutFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(validate(JSON.parse(fs.readFileSync(file, "utf8"))), `${file}: ${JSON.stringify(validate.errors)}`).toBe(true);
  });

  it("checks blocks' settings by type, and refuses a page's keys", () => {
    const validate = validator();
    const file = (extra: object, settings: object = { published: true }) => ({
      layout: "main-sidebar",
      regions: { header: [{ type: "site-header", id: "encabezado", settings }] },
      ...extra,
    });
    expect(validate(file({ hide: ["tendencias"] }))).toBe(true);
    expect(validate(file({}, { published: "sí" }))).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: "/regions/header/0/settings/published" });
    expect(validate(file({ route: "/x/" }))).toBe(false);
    expect(validate(file({ layout: "otro" }))).toBe(false);
  });
});
