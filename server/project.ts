// The project's wiring, shared by the server, the CLIs and the tests: every block's server half
// (with its schema.json read from disk), the content sources' declarations, the layouts, the
// existence checks of routes and the brands. No React, no CSS: validating needs neither.
import fs from "node:fs";
import path from "node:path";
import { blockMigrations, blockServers } from "../blocks/index.server";
import { GROUP_HOSTS } from "../brands";
import { SAMPLE_ARTICLE } from "../domain/ans";
import { brandIds, DEFAULT_BRAND } from "../domain/brands";
import { safeRedirectTarget } from "../domain/urls";
import { readBlockSchemas, readJson } from "../tooling/block-files";
import { currentVersion } from "../tooling/migrate";
import { blockOutputTypes, createRegistry, type Registry } from "../runtime/registry";
import { HTML_OUTPUT, type ContentSource, type ContentSourceDeclaration, type JsonSchema } from "../runtime/types";
import { buildCombinedSchema, buildPageSchema, buildSettingsSchemas, type CombinedSchemaInput } from "../tooling/schema-builder";
import { createPageValidator, LAYOUTS_FOLDER, type DefinitionFile, type LayoutScope, type PageValidator, type Problem } from "../tooling/page-files";
import { contentSourceDeclarations } from "./content/sources/declarations";
import { existenceChecks } from "./content/sources/existence";
import { layouts } from "./layouts";
import { outputRenderers } from "./outputs";
import { pageMigrations } from "./page-migrations";

/** Commands and the server run from the project root (npm scripts do). */
export const projectRoot = process.cwd();
/** The page definitions: page-definitions/, or PAGES_DIR (tests of the editor work on a copy). */
export const pagesDir = process.env.PAGES_DIR ? path.resolve(process.env.PAGES_DIR) : path.join(projectRoot, "page-definitions");
export const combinedSchemaPath = path.join(projectRoot, "schemas", "pages.schema.json");

export function schemaInput(root = projectRoot): CombinedSchemaInput {
  return {
    pageSchema: readJson(path.join(root, "schemas", "page.schema.json")),
    commonSettings: readJson(path.join(root, "schemas", "block-settings.schema.json")),
    blockSchemas: readBlockSchemas(path.join(root, "blocks")),
    layouts: layouts.map((l) => l.name),
    brands: brandIds,
    outputTypes: outputRenderers.map((o) => o.name),
    // Blocks of HTML pages render in the runtime's frame, which applies the frame settings.
    framedBlocks: Object.entries(blockServers)
      .filter(([, server]) => blockOutputTypes(server).includes(HTML_OUTPUT))
      .map(([type]) => type),
  };
}

export function combinedSchema(): JsonSchema {
  return buildCombinedSchema(schemaInput());
}

/** The registry; with `sources` (declarations plus fetch) for serving, with declarations for validating. */
export function projectRegistry(sources: Array<ContentSource | ContentSourceDeclaration> = contentSourceDeclarations): Registry {
  return createRegistry({ blocks: blockServers, sources, layouts, outputTypes: outputRenderers, existenceChecks });
}

export function projectValidator(registry: Registry = projectRegistry()): PageValidator {
  const input = schemaInput();
  return createPageValidator({
    pageSchema: buildPageSchema(input),
    settingsSchemas: buildSettingsSchemas(input),
    registry,
    defaultBrand: DEFAULT_BRAND,
    schemaVersion: currentVersion(pageMigrations),
    blockMigrations,
    // Redirect pages send readers to this site or the group's other sites only (docs/decisions/0022-redirect-pages.md).
    isRedirectTarget: (url) => safeRedirectTarget(url, GROUP_HOSTS) !== undefined,
    templateSample: { article: SAMPLE_ARTICLE, path: SAMPLE_ARTICLE.canonical_url },
  });
}

/**
 * Every page definition file in the brand folders of page-definitions/, sorted; nothing under a name
 * that starts with "_" (the layouts' files, listLayoutFiles).
 */
function listPageFiles(dir = pagesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json") && f.includes(path.sep) && !f.split(path.sep).some((part) => part.startsWith("_")))
    .map((f) => path.join(dir, f))
    .sort();
}

/**
 * What a layout file gives blocks to (docs/decisions/0074-layouts-own-the-shared-blocks.md): its layout
 * is its name, and its brand the folder above _layouts/ (none: every brand). Undefined for other files.
 */
export function layoutScopeOf(dir: string, file: string): LayoutScope | undefined {
  const parts = path.relative(dir, file).split(path.sep);
  if (parts[0] === "..") return undefined;
  const layout = parts.at(-1)!.replace(/\.json$/, "");
  if (parts.length === 2 && parts[0] === LAYOUTS_FOLDER) return { layout };
  if (parts.length === 3 && parts[1] === LAYOUTS_FOLDER) return { layout, brand: parts[0] };
  return undefined;
}

/** The layouts' files (every brand's, then each brand's), sorted. */
export function listLayoutFiles(dir = pagesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  const folders = [dir, ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? [path.join(dir, entry.name)] : []))];
  return folders
    .map((folder) => path.join(folder, LAYOUTS_FOLDER))
    .filter((folder) => fs.existsSync(folder))
    .flatMap((folder) => fs.readdirSync(folder).flatMap((name) => (name.endsWith(".json") ? [path.join(folder, name)] : [])))
    .sort();
}

/** The files the site is made of: the layouts' files, then the pages. */
export function listDefinitionFiles(dir = pagesDir): string[] {
  return [...listLayoutFiles(dir), ...listPageFiles(dir)];
}

/**
 * The text of each page definition or layout file (under `dir`), named as `name` gives it; a path that
 * cannot be read as a file (a folder called `x.json`, a file without read permission) is a located
 * problem, not a stack.
 */
export function readPageFiles(files: string[], name: (file: string) => string, dir = pagesDir): { sources: DefinitionFile[]; problems: Problem[] } {
  const sources: DefinitionFile[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    try {
      const layout = layoutScopeOf(dir, file);
      sources.push({ file: name(file), text: fs.readFileSync(file, "utf8"), ...(layout ? { layout } : {}) });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const message =
        code === "EISDIR"
          ? "es una carpeta, no un archivo de definición de página: quítele el «.json» del nombre"
          : `no se pudo leer el archivo (${code ?? (error as Error).message})`;
      problems.push({ file: name(file), line: 1, column: 1, pointer: "", message });
    }
  }
  return { sources, problems };
}
