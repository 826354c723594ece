// The settings the runtime applies itself reach every block's schema without its schema.json naming them.
import { expect, it } from "vitest";
import commonSettings from "../schemas/block-settings.schema.json";
import { buildSettingsSchemas } from "./schema-builder";

const blockSchemas = {
  aviso: { type: "object", additionalProperties: false, properties: { published: { type: "boolean" } } },
  "canal-rss": { type: "object", additionalProperties: false, properties: { published: { type: "boolean" } } },
};

it("gives every block the publication window, and the frame settings only to blocks shown in a frame", () => {
  const schemas = buildSettingsSchemas({ blockSchemas, commonSettings, framedBlocks: ["aviso"] });
  expect(Object.keys(schemas.aviso.properties)).toEqual(["published", "addClass", "classes", "publishFrom", "publishUntil"]);
  expect(Object.keys(schemas["canal-rss"].properties)).toEqual(["published", "publishFrom", "publishUntil"]);
  expect(schemas.aviso.properties.publishFrom).toMatchObject({ type: "string", format: "date-time", title: "Publicar desde" });
  expect(schemas.aviso.properties.publishUntil.description).toMatch(/^Hasta cuándo se muestra el bloque publicado/);
});

it("names the common setting the runtime needs when the common settings lack it", () => {
  const { publishUntil: _gone, ...definitions } = commonSettings.definitions;
  expect(() => buildSettingsSchemas({ blockSchemas, commonSettings: { ...commonSettings, definitions } })).toThrow(
    "block-settings.schema.json: falta el ajuste común «publishUntil», que el sitio aplica a los bloques",
  );
});
