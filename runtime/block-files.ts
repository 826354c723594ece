// The block folder convention, read from disk (Node only): blocks/<type>/schema.json beside
// blocks/<type>/index.tsx, and blocks/<type>/settings.ts generated from the schema.
import fs from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import type { JsonSchema } from "./schema-builder";

export interface BlockFolder {
  type: string;
  dir: string;
  schemaPath: string;
  settingsTypesPath: string;
}

/** Every folder of blocksDir that holds a schema.json (folders starting with "_" hold shared code). */
export function listBlockFolders(blocksDir: string): BlockFolder[] {
  return fs
    .readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && !entry.name.startsWith("."))
    .map((entry) => {
      const dir = path.join(blocksDir, entry.name);
      return { type: entry.name, dir, schemaPath: path.join(dir, "schema.json"), settingsTypesPath: path.join(dir, "settings.ts") };
    })
    .filter((folder) => fs.existsSync(folder.schemaPath))
    .sort((a, b) => a.type.localeCompare(b.type));
}

export function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, "utf8"));
}

export function readBlockSchemas(blocksDir: string): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const folder of listBlockFolders(blocksDir)) out[folder.type] = readJson(folder.schemaPath);
  return out;
}

const BANNER = "// Generated from schema.json by `npm run gen:types`. Do not edit: change schema.json and regenerate.";

/** The TypeScript source of blocks/<type>/settings.ts for the block's schema.json. */
export async function settingsTypesSource(folder: BlockFolder): Promise<string> {
  const { title: _title, description: _description, ...schema } = readJson(folder.schemaPath);
  return compile(schema, "Settings", {
    cwd: folder.dir,
    bannerComment: BANNER,
    additionalProperties: false,
    format: true,
    style: { singleQuote: false, printWidth: 120 },
    declareExternallyReferenced: true,
  });
}
