// The block folder convention, read from disk (Node only): blocks/<type>/ holds schema.json, the
// component (index.tsx), the optional server half (index.server.ts) and settings.ts generated from
// the schema. The two registries (blocks/index.ts, blocks/index.server.ts) are generated from the
// folder list, so adding a block is adding a folder.
import fs from "node:fs";
import path from "node:path";
import { compile } from "json-schema-to-typescript";
import type { JsonSchema } from "../runtime/types";

export interface BlockFolder {
  type: string;
  dir: string;
  schemaPath: string;
  settingsTypesPath: string;
  /** Whether the block has a server half (index.server.ts). */
  hasServer: boolean;
  /** Whether its component runs in the browser: index.tsx starts with the "use client" directive. */
  hydrates: boolean;
  /** Whether it has an enhancer (enhance.ts): browser code that works on its server HTML, no React. */
  enhances: boolean;
  /** Whether it has settings migrations of its own (migrations.ts, tooling/migrate.ts SettingsMigration). */
  migrates: boolean;
}

/** React's directive for components that need the browser: state, effects, event handlers. */
const USE_CLIENT = /^(\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*["']use client["'];?/;

/** Every folder of blocksDir that holds a schema.json (folders starting with "_" hold shared code). */
export function listBlockFolders(blocksDir: string): BlockFolder[] {
  return fs
    .readdirSync(blocksDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("_") && !entry.name.startsWith("."))
    .map((entry) => {
      const dir = path.join(blocksDir, entry.name);
      return {
        type: entry.name,
        dir,
        schemaPath: path.join(dir, "schema.json"),
        settingsTypesPath: path.join(dir, "settings.ts"),
        hasServer: fs.existsSync(path.join(dir, "index.server.ts")),
        hydrates: fs.existsSync(path.join(dir, "index.tsx")) && USE_CLIENT.test(fs.readFileSync(path.join(dir, "index.tsx"), "utf8")),
        enhances: fs.existsSync(path.join(dir, "enhance.ts")),
        migrates: fs.existsSync(path.join(dir, "migrations.ts")),
      };
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

const BANNER = "// Generated from schema.json by `npm run gen`. Do not edit: change schema.json and regenerate.";

/** Keywords whose values are data, not schemas: a "title" inside them is no label. */
const DATA_KEYWORDS = new Set(["default", "enum", "const", "examples"]);

/**
 * A schema without its labels (`title` keywords): json-schema-to-typescript names a type after its
 * title, and a setting's label is for the editor's form, not a type of its own.
 */
function withoutTitles(node: any): any {
  if (Array.isArray(node)) return node.map(withoutTitles);
  if (!node || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      // A string: the keyword; a property named "title" holds a schema.
      .filter(([key, value]) => key !== "title" || typeof value !== "string")
      .map(([key, value]) => [key, DATA_KEYWORDS.has(key) ? value : withoutTitles(value)]),
  );
}

/** The TypeScript source of blocks/<type>/settings.ts for the block's schema.json. */
export async function settingsTypesSource(folder: BlockFolder): Promise<string> {
  const { description: _description, ...schema } = withoutTitles(readJson(folder.schemaPath));
  return compile(schema, "Settings", {
    cwd: folder.dir,
    bannerComment: BANNER,
    additionalProperties: false,
    format: true,
    style: { singleQuote: false, printWidth: 120 },
    declareExternallyReferenced: true,
    // The files a schema refers to (the common settings) lose their labels too.
    $refOptions: { resolve: { file: { read: (file: { url: string }) => withoutTitles(readJson(decodeURIComponent(file.url))) } } },
  });
}

const REGISTRY_BANNER = "// Generated from the block folders by `npm run gen`. Do not edit: add or remove a folder and regenerate.";

const camel = (type: string) => type.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * blocks/index.ts: every block's component, loaded on demand. The server loads them all at start;
 * the browser loads only those of the blocks that hydrate on the page it shows (each is a chunk),
 * and the enhancers of the blocks on the page that have one. The browser's list names the blocks
 * that hydrate only: a static block's component never runs there, and every entry of a list the
 * browser loads weighs on every page (docs/decisions/0021-video-channel.md).
 */
function viewRegistrySource(folders: BlockFolder[]): string {
  return [
    REGISTRY_BANNER,
    'import type { BlockEnhancer, BlockView } from "../runtime/types";',
    "",
    "/** Every block's component (its browser half) by type, as a module to load: the server renders them all. */",
    "export const blockViews: Record<string, () => Promise<{ default: BlockView }>> = {",
    ...folders.map((f) => `  "${f.type}": () => import("./${f.type}"),`),
    "};",
    "",
    '/** The components of the blocks that hydrate ("use client"): all the browser may load of blockViews. */',
    "export const hydratingBlockViews: Record<string, () => Promise<{ default: BlockView }>> = {",
    ...folders.filter((f) => f.hydrates).map((f) => `  "${f.type}": () => import("./${f.type}"),`),
    "};",
    "",
    "/** The enhancers (enhance.ts) of the blocks that stay server HTML but need a little browser code. */",
    "export const blockEnhancers: Record<string, () => Promise<{ default: BlockEnhancer }>> = {",
    ...folders.filter((f) => f.enhances).map((f) => `  "${f.type}": () => import("./${f.type}/enhance"),`),
    "};",
    "",
  ].join("\n");
}

/**
 * blocks/index.server.ts: every block type with its server half ({} for none), the types whose
 * component hydrates in the browser ("use client"; the others are sent as HTML only), and the blocks'
 * own settings migrations (for the validator and npm run migrate:pages).
 */
function serverRegistrySource(folders: BlockFolder[]): string {
  return [
    REGISTRY_BANNER,
    'import type { BlockServer } from "../runtime/types";',
    'import type { BlockMigrations } from "../runtime/define";',
    ...folders.filter((f) => f.hasServer).map((f) => `import ${camel(f.type)} from "./${f.type}/index.server";`),
    ...folders.filter((f) => f.migrates).map((f) => `import ${camel(f.type)}Migrations from "./${f.type}/migrations";`),
    "",
    "/** Every block type with its server half; {} for blocks that render from their settings alone. */",
    "export const blockServers: Record<string, BlockServer> = {",
    ...folders.map((f) => `  "${f.type}": ${f.hasServer ? camel(f.type) : "{}"},`),
    "};",
    "",
    '/** Blocks whose component runs in the browser ("use client"): their code and data travel; the rest is HTML. */',
    "export const hydratedBlocks: ReadonlySet<string> = new Set([",
    ...folders.filter((f) => f.hydrates).map((f) => `  "${f.type}",`),
    "]);",
    "",
    "/** The blocks' own settings migrations (migrations.ts), by type. */",
    "export const blockMigrations: BlockMigrations = {",
    ...folders.filter((f) => f.migrates).map((f) => `  "${f.type}": ${camel(f.type)}Migrations,`),
    "};",
    "",
  ].join("\n");
}

/**
 * Writes blocks/index.ts and blocks/index.server.ts from the folders of `blocksDir`. With `check`,
 * writes nothing. Returns the files that were (or, with check, would be) rewritten.
 */
export function writeBlockRegistries(blocksDir: string, check = false): string[] {
  const folders = listBlockFolders(blocksDir);
  const stale: string[] = [];
  for (const [file, source] of [
    [path.join(blocksDir, "index.ts"), viewRegistrySource(folders)],
    [path.join(blocksDir, "index.server.ts"), serverRegistrySource(folders)],
  ] as const) {
    const current = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
    if (current === source) continue;
    stale.push(file);
    if (!check) fs.writeFileSync(file, source);
  }
  return stale;
}
