// The project's wiring, shared by the server, the CLIs and the tests: every block's server half
// (with its schema.json read from disk), the content sources' declarations, the layouts, the
// existence checks of routes and the brands. No React, no CSS: validating needs neither.
import fs from "node:fs";
import path from "node:path";
import { blockServers } from "../blocks/index.server";
import { brandIds, DEFAULT_BRAND } from "../domain/brands";
import { readBlockSchemas, readJson } from "../runtime/block-files";
import { currentVersion } from "../runtime/migrate";
import { createRegistry, type Registry } from "../runtime/registry";
import { buildCombinedSchema, buildPageSchema, buildSettingsSchemas, type CombinedSchemaInput, type JsonSchema } from "../runtime/schema-builder";
import type { ContentSource, ContentSourceDeclaration } from "../runtime/types";
import { createPageValidator, type PageValidator } from "../runtime/validate";
import { contentSourceDeclarations } from "./content/sources/declarations";
import { existenceChecks } from "./content/sources/existence";
import { layouts } from "./layouts";
import { pageMigrations } from "./page-migrations";

/** Commands and the server run from the project root (npm scripts do). */
export const projectRoot = process.cwd();
export const pagesDir = path.join(projectRoot, "page-definitions");
export const layoutRulesPath = path.join(pagesDir, "layout-rules.json");
export const combinedSchemaPath = path.join(projectRoot, "schemas", "pages.schema.json");

export function schemaInput(root = projectRoot): CombinedSchemaInput {
  return {
    pageSchema: readJson(path.join(root, "schemas", "page.schema.json")),
    commonSettings: readJson(path.join(root, "schemas", "block-settings.schema.json")),
    blockSchemas: readBlockSchemas(path.join(root, "blocks")),
    layouts: layouts.map((l) => l.name),
    brands: brandIds,
  };
}

export function combinedSchema(): JsonSchema {
  return buildCombinedSchema(schemaInput());
}

/** The registry; with `sources` (declarations plus fetch) for serving, with declarations for validating. */
export function projectRegistry(sources: Array<ContentSource | ContentSourceDeclaration> = contentSourceDeclarations): Registry {
  return createRegistry({ blocks: blockServers, sources, layouts, existenceChecks });
}

export function projectValidator(registry: Registry = projectRegistry()): PageValidator {
  const input = schemaInput();
  return createPageValidator({
    pageSchema: buildPageSchema(input),
    settingsSchemas: buildSettingsSchemas(input),
    registry,
    defaultBrand: DEFAULT_BRAND,
    schemaVersion: currentVersion(pageMigrations),
  });
}

/** Every page definition file in the brand folders of page-definitions/, sorted. */
export function listPageFiles(dir = pagesDir): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".json") && f.includes(path.sep) && !path.basename(f).startsWith("_"))
    .map((f) => path.join(dir, f))
    .sort();
}
