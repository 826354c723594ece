// The block catalogue (/_bloques/): every registered block with its example settings
// (blocks/<type>/catalogue.json), rendered through the real runtime and content as a one-block page
// at /_bloques/<type>/<example>/ (answered by a site that holds those pages), with its settings
// table from its schema, the content it fetches and what it does when empty or failing.
import fs from "node:fs";
import path from "node:path";
import { hydratedBlocks } from "../../blocks/index.server";
import { DEFAULT_BRAND } from "../../domain/brands";
import { blockOutputTypes, type Registry } from "../../runtime/registry";
import { buildSettingsSchemas } from "../../tooling/schema-builder";
import { HTML_OUTPUT, type JsonSchema, type PageContext } from "../../runtime/types";
import type { PageValidator } from "../../tooling/page-files";
import { projectRoot, schemaInput } from "../project";
import { CATALOGUE_PREFIX } from "./access";

interface CatalogueExample {
  name: string;
  brand?: string;
  settings: Record<string, unknown>;
  /** The page path the example is shown at (route blocks read sections from it). */
  path?: string;
  /** The block reads the page's article (it goes on article templates): shown on an article of its brand. */
  article?: boolean;
  /** With `article`: the template whose article it is shown with (an article the layout rules give it); the rules' default otherwise. */
  template?: string;
}

export interface CatalogueEntry {
  type: string;
  title: string;
  description: string;
  /** `label` is the setting's schema `title`, its name when it has none. */
  settings: Array<{ name: string; label: string; type: string; default?: string; description: string; required: boolean; options?: string[] }>;
  /** The ANS fields its server half reads, as catalogue.json declares them (docs/architecture.md#ans-fields). */
  ansFields: string[];
  examples: Array<
    CatalogueExample & {
      urls: Array<{ url: string; background?: string }>;
      fetches: Array<{ name: string; source: string; query: unknown }>;
      problems: string[];
    }
  >;
  /** The file with the examples; missing: the block has no catalogue entry (a test fails). */
  file: string;
  missing: boolean;
  hydrates: boolean;
  empty: string;
  error: string;
  output: boolean;
}

/** Where a block's catalogue examples live. */
export const catalogueFile = (type: string, root = projectRoot) => path.join(root, "blocks", type, "catalogue.json");

/** A block's catalogue.json: its examples and the ANS fields it reads (docs/architecture.md#ans-fields). */
interface CatalogueFile {
  examples: CatalogueExample[];
  ansFields: string[];
}

export function readCatalogue(type: string, root = projectRoot): CatalogueFile | undefined {
  const file = catalogueFile(type, root);
  if (!fs.existsSync(file)) return undefined;
  const parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  return {
    examples: Array.isArray(parsed?.examples) ? parsed.examples : [],
    ansFields: Array.isArray(parsed?.ansFields) ? parsed.ansFields.map(String) : [],
  };
}

const typeName = (schema: JsonSchema): string => {
  if (Array.isArray(schema.enum)) return schema.enum.map((v: unknown) => JSON.stringify(v)).join(" | ");
  if (schema.type === "array") return `lista de ${schema.items ? typeName(schema.items) : "valores"}`;
  return String(schema.type ?? "valor");
};

/** The one-block pages of the catalogue, as page definitions (validated with defaults by the caller). */
export function cataloguePages(registry: Registry, schemaVersion: number, schemas: Record<string, JsonSchema>) {
  const pages: Array<{ type: string; index: number; background?: string; url: string; page: any; example: CatalogueExample }> = [];
  for (const type of [...registry.blocks.keys()].sort()) {
    if (!blockOutputTypes(registry.blocks.get(type)).includes(HTML_OUTPUT)) continue;
    const examples = readCatalogue(type)?.examples ?? [];
    // A block with a background setting is shown on each of them (light and dark).
    const backgrounds: Array<string | undefined> = schemas[type]?.properties?.background?.enum ?? [undefined];
    examples.forEach((example, index) => {
      for (const background of backgrounds) {
        const key = background ? `${index}-${background.toLowerCase()}` : String(index);
        pages.push({
          type,
          index,
          background,
          example,
          // Checked at a route the validator accepts, served at the catalogue's address.
          url: `${CATALOGUE_PREFIX}/${type}/${key}/`,
          page: {
            schemaVersion,
            id: `catalogo-${type}-${key}`,
            brand: example.brand ?? DEFAULT_BRAND,
            route: `/catalogo-de-bloques/${type}/${key}/`,
            layout: "single-section",
            metadata: { title: `Catálogo de bloques: ${type}`, description: example.name },
            regions: { main: [{ type, id: `ejemplo-${key}`, settings: { ...example.settings, ...(background ? { background } : {}), published: true } }] },
          },
        });
      }
    });
  }
  return pages;
}

function cataloguePage(type: string, example: CatalogueExample, schemaVersion: number) {
  return {
    schemaVersion,
    id: `catalogo-${type}`,
    brand: example.brand ?? DEFAULT_BRAND,
    route: `/catalogo-de-bloques/${type}/`,
    layout: "single-section",
    metadata: { title: type },
    regions: { main: [{ type, id: "ejemplo", settings: { ...example.settings, published: true } }] },
  };
}

export function catalogueEntries(registry: Registry, validator: PageValidator, schemaVersion: number): CatalogueEntry[] {
  const schemas = buildSettingsSchemas(schemaInput());
  const pages = cataloguePages(registry, schemaVersion, schemas);
  return [...registry.blocks.keys()].sort().map((type) => {
    const schema = schemas[type] ?? {};
    const server = registry.blocks.get(type)!;
    const required = new Set<string>(schema.required ?? []);
    const catalogue = readCatalogue(type);
    const examples = catalogue?.examples;
    const output = !blockOutputTypes(server).includes(HTML_OUTPUT);
    return {
      type,
      title: schema.title ?? type,
      description: schema.description ?? "",
      file: path.relative(projectRoot, catalogueFile(type)),
      missing: !examples,
      hydrates: hydratedBlocks.has(type),
      output,
      ansFields: catalogue?.ansFields ?? [],
      settings: Object.entries<JsonSchema>(schema.properties ?? {}).map(([name, property]) => ({
        name,
        label: typeof property.title === "string" && property.title ? property.title : name,
        type: typeName(property),
        ...(property.default !== undefined ? { default: JSON.stringify(property.default) } : {}),
        description: property.description ?? "",
        required: required.has(name),
        ...(Array.isArray(property.enum) ? { options: property.enum.map(String) } : {}),
      })),
      empty: server.isEmpty ? "Sin contenido que mostrar (isEmpty): el bloque no se muestra y la página sigue." : "Siempre se muestra: no tiene estado vacío.",
      error: server.fetch
        ? "Si su fuente falla o tarda más que el límite, el bloque no se muestra (se sirve la copia anterior de la caché cuando la hay) y el resto de la página sigue; si su componente falla al dibujarse en el servidor, no dibuja nada y se registra con la página y el id del bloque; si falla en el navegador, queda su HTML del servidor."
        : "No consulta fuentes: si su componente falla al dibujarse en el servidor, no dibuja nada y se registra con la página y el id del bloque; si falla en el navegador, queda su HTML del servidor.",
      examples: (examples ?? []).map((example, index) => {
        const shown = pages.filter((p) => p.type === type && p.index === index);
        const built = shown[0]?.page ?? cataloguePage(type, example, schemaVersion);
        // Output blocks (feeds, sitemaps) go on output pages, not on this one-block HTML page.
        const { page, problems } = output
          ? { page: undefined, problems: [] }
          : validator.check(`blocks/${type}/catalogue.json#${index}`, JSON.stringify(built));
        const settings = (page?.regions.main[0].settings ?? built.regions.main[0].settings) as any;
        const context: PageContext = { brand: built.brand, path: example.path ?? "/", params: { section: "nacion" }, query: {}, now: new Date() };
        let fetches: Array<{ name: string; source: string; query: unknown }>;
        try {
          fetches = Object.entries(server.fetch?.(settings, context) ?? {}).map(([name, fetch]: [string, any]) => ({
            name,
            source: String(fetch?.source),
            query: fetch?.query,
          }));
        } catch (error) {
          fetches = [{ name: "(error)", source: "-", query: (error as Error).message }];
        }
        return {
          ...example,
          urls: shown.map((p) => ({ url: p.url, background: p.background })),
          fetches,
          problems: problems.map((p) => `${p.pointer}  ${p.message}`),
        };
      }),
    };
  });
}
