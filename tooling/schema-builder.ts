// Builds the combined schema that page files point "$schema" at: the page schema with every
// registered block's settings chosen by "type", common settings inlined so that editors' IDEs
// show descriptions and ajv applies defaults without following references.
import { FRAME_SETTINGS, SCHEDULE_SETTINGS, type JsonSchema } from "../runtime/types";

const COMMON_SETTINGS_FILE = "block-settings.schema.json";

export interface CombinedSchemaInput {
  pageSchema: JsonSchema;
  commonSettings: JsonSchema;
  /** Block type → its schema.json. */
  blockSchemas: Record<string, JsonSchema>;
  layouts: string[];
  brands: string[];
  /** The output types other than HTML (runtime/types.ts OutputTypeDefinition). */
  outputTypes?: string[];
  /**
   * The block types shown in a frame on HTML pages: they accept the frame settings (FRAME_SETTINGS).
   * Default: every block.
   */
  framedBlocks?: string[];
}

/** Replaces every `$ref` to the common settings file by the definition it names (siblings win). */
export function inlineCommonSettings(schema: JsonSchema, commonSettings: JsonSchema, where = "schema"): JsonSchema {
  const visit = (node: any, path: string): any => {
    if (Array.isArray(node)) return node.map((item, i) => visit(item, `${path}/${i}`));
    if (!node || typeof node !== "object") return node;
    if (typeof node.$ref === "string" && node.$ref.includes(COMMON_SETTINGS_FILE)) {
      const name = node.$ref.split("#/definitions/")[1];
      const definition = commonSettings.definitions?.[name];
      if (!definition) throw new Error(`${where}${path}: $ref a un ajuste común que no existe: ${node.$ref}`);
      const { $ref: _ref, ...siblings } = node;
      return visit({ ...structuredClone(definition), ...siblings }, path);
    }
    const out: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) out[key] = visit(value, `${path}/${key}`);
    return out;
  };
  return visit(schema, "");
}

/** The page schema with the registered names filled in (brands, layouts, block types). */
export function buildPageSchema(input: CombinedSchemaInput): JsonSchema {
  const schema: JsonSchema = structuredClone(input.pageSchema);
  schema.properties.brand = { ...schema.properties.brand, enum: [...input.brands] };
  schema.properties.layout = { ...schema.properties.layout, enum: [...input.layouts].sort() };
  if (schema.properties.outputType)
    schema.properties.outputType = { ...schema.properties.outputType, enum: ["html", ...[...(input.outputTypes ?? [])].sort()] };
  const block = schema.definitions.block;
  block.properties.type = { ...block.properties.type, enum: Object.keys(input.blockSchemas).sort() };
  block.properties.brands = { ...block.properties.brands, items: { ...block.properties.brands.items, enum: [...input.brands] } };
  return schema;
}

/**
 * Each block type's settings schema, common settings inlined. Every block also takes the settings the
 * runtime applies itself unless its schema names them: the publication window (runtime/resolve.ts),
 * and, when shown in a frame, the frame settings (runtime/render.tsx).
 */
export function buildSettingsSchemas(input: Pick<CombinedSchemaInput, "blockSchemas" | "commonSettings" | "framedBlocks">): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const framed = input.framedBlocks ? new Set(input.framedBlocks) : undefined;
  const runtimeSettings = (type: string) => (!framed || framed.has(type) ? [...FRAME_SETTINGS, ...SCHEDULE_SETTINGS] : SCHEDULE_SETTINGS);
  for (const [type, blockSchema] of Object.entries(input.blockSchemas)) {
    const { $schema: _s, $id: _i, ...schema } = inlineCommonSettings(blockSchema, input.commonSettings, `blocks/${type}/schema.json`);
    for (const name of runtimeSettings(type)) {
      const definition = input.commonSettings.definitions?.[name];
      if (!definition) throw new Error(`${COMMON_SETTINGS_FILE}: falta el ajuste común «${name}», que el sitio aplica a los bloques`);
      schema.properties = { ...schema.properties, [name]: schema.properties?.[name] ?? structuredClone(definition) };
    }
    out[type] = schema;
  }
  return out;
}

/**
 * The schema for editors' IDEs: the page schema whose blocks' settings are chosen by "type"
 * (if/then per type), so that completion and underlining follow the block being edited.
 */
export function buildCombinedSchema(input: CombinedSchemaInput): JsonSchema {
  const combined = buildPageSchema(input);
  combined.$id = "pages.schema.json";
  combined.title = "Definición de página (con los bloques registrados)";
  combined.description = "Archivo generado por `npm run gen` a partir de schemas/page.schema.json y de cada blocks/<tipo>/schema.json. No lo edite a mano.";
  const settingsSchemas = buildSettingsSchemas(input);
  const types = Object.keys(settingsSchemas).sort();
  combined.definitions.block.allOf = types.map((type) => ({
    if: { type: "object", properties: { type: { const: type } }, required: ["type"] },
    then: { type: "object", properties: { settings: { $ref: `#/definitions/settings-${type}` } } },
  }));
  for (const type of types) combined.definitions[`settings-${type}`] = settingsSchemas[type];
  return combined;
}
