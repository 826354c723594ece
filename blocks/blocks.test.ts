// The block folder convention holds for every block: registered once, schema closed with a
// `published` toggle, generated settings types and combined schema up to date.
import fs from "node:fs";
import path from "node:path";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { listBlockFolders, readJson, settingsTypesSource, writeBlockRegistries } from "../tooling/block-files";
import { inlineCommonSettings } from "../tooling/schema-builder";
import { combinedSchema, combinedSchemaPath } from "../server/project";
import { REFERS_TO_KEYWORD } from "../runtime/setting-references";
import { blockViews, hydratingBlockViews } from "./index";
import { blockServers, hydratedBlocks } from "./index.server";

const folders = listBlockFolders(path.resolve("blocks"));
const commonSettings = readJson(path.resolve("schemas/block-settings.schema.json"));

describe("block folders", () => {
  it("are each registered in both generated registries, under their folder name (npm run gen)", async () => {
    expect(writeBlockRegistries(path.resolve("blocks"), true)).toEqual([]);
    const types = folders.map((f) => f.type);
    expect(Object.keys(blockViews).sort()).toEqual(types);
    expect(Object.keys(blockServers).sort()).toEqual(types);
    // The browser's list: only the blocks that hydrate (a static block's component never runs there).
    expect(Object.keys(hydratingBlockViews).sort()).toEqual(folders.filter((f) => f.hydrates).map((f) => f.type));
    for (const folder of folders) {
      expect(typeof (await blockViews[folder.type]()).default, `${folder.type}: index.tsx exports its component`).toBe("function");
      expect(Object.keys(blockServers[folder.type]).length > 0, `${folder.type}: server half`).toBe(folder.hasServer);
      expect(hydratedBlocks.has(folder.type), `${folder.type}: "use client"`).toBe(folder.hydrates);
    }
  });

  // Each setting's Spanish label and help: labels.test.ts.
  it.each(folders.map((f) => [f.type, f] as const))("%s: takes only its own settings and has a published toggle", (_type, folder) => {
    const schema = inlineCommonSettings(readJson(folder.schemaPath), commonSettings);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.properties.published).toMatchObject({ type: "boolean", default: false });
  });

  it.each(folders.map((f) => [f.type, f] as const))("%s: settings.ts is generated from the current schema.json (npm run gen)", async (_type, folder) => {
    expect(fs.readFileSync(folder.settingsTypesPath, "utf8")).toBe(await settingsTypesSource(folder));
  });
});

describe("combined page schema", () => {
  it("is up to date (npm run gen)", () => {
    expect(JSON.parse(fs.readFileSync(combinedSchemaPath, "utf8"))).toEqual(combinedSchema());
  });

  it("compiles in ajv's strict mode and picks each block's settings by type", () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    addFormats(ajv);
    ajv.addKeyword(REFERS_TO_KEYWORD);
    const validate = ajv.compile(combinedSchema());
    const page = (settings: object) => ({
      id: "p",
      brand: "semana",
      route: "/",
      layout: "main-sidebar",
      regions: { main: [{ type: "seo-title", id: "t", settings }] },
    });
    expect(validate(page({ published: true, text: "Portada" }))).toBe(true);
    expect(validate(page({ published: "sí", text: "Portada" }))).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ instancePath: "/regions/main/0/settings/published", keyword: "type" });
  });
});
