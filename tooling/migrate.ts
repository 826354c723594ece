// Page-definition versions: each file carries "schemaVersion"; ordered migration functions bring a
// file from its version to the current one. A migration says what to change (a path and a new value,
// or a removal); the edits are applied to the JSON text in place, so key order, formatting and
// everything a migration does not touch stay as they were and the diff shows only the change
// (docs/decisions/0007-page-definition-versions.md).
import { applyEdits, modify, type JSONPath } from "jsonc-parser";
import type { BlockMigrations } from "../runtime/define";
import type { InheritedRegions } from "../runtime/inherited-blocks";

export interface PageChange {
  path: JSONPath;
  /** The new value; undefined removes the property (or the list's item). */
  value: unknown;
  /** A new property goes right before this one of its object (default: last). */
  before?: string;
}

/** What a migration may need besides the page: the blocks it inherits from its layout's files, as written there. */
export interface MigrationContext {
  inherited?: (brand: string, layout: string) => InheritedRegions | undefined;
}

export interface PageMigration {
  /** The version this migration produces; it runs on files of version `to - 1`. */
  to: number;
  description: string;
  /** The changes for one page (parsed JSON, not to be mutated); a layout file gets no context. */
  changes(page: any, context: MigrationContext): PageChange[];
}

/** The version of a parsed page: files written before versions existed are version 1. */
export function versionOf(page: unknown): number {
  const version = (page as { schemaVersion?: unknown } | null)?.schemaVersion;
  return typeof version === "number" ? version : 1;
}

/** The current version: 1 plus the number of migrations. Migrations must be numbered 2, 3, … in order. */
export function currentVersion(migrations: PageMigration[]): number {
  migrations.forEach((migration, i) => {
    if (migration.to !== i + 2) throw new Error(`las migraciones deben ir en orden: la n.º ${i + 1} produce la versión ${migration.to}, se esperaba ${i + 2}`);
  });
  return migrations.length + 1;
}

export interface MigrationResult {
  text: string;
  from: number;
  to: number;
  /** The descriptions of the migrations applied (page versions, then blocks' own); empty: nothing changed. */
  applied: string[];
}

const FORMAT = { tabSize: 2, insertSpaces: true, eol: "\n" };

/**
 * Applies changes to a page definition's text in place: what they do not touch keeps its key order
 * and formatting; new values are written with two spaces (the migrations and the page editor's save).
 */
export function editPageText(text: string, changes: PageChange[]): string {
  for (const { path, value, before } of changes) {
    const getInsertionIndex =
      before === undefined ? undefined : (properties: string[]) => (properties.includes(before) ? properties.indexOf(before) : properties.length);
    text = applyEdits(text, modify(text, path, value, { formattingOptions: FORMAT, getInsertionIndex }));
  }
  return text;
}

/**
 * Brings one page definition's text to the current version, then every block's settings through
 * its type's own migrations; the text is unchanged when nothing applies.
 */
export function migratePageText(
  text: string,
  migrations: PageMigration[],
  context: MigrationContext = {},
  blockMigrations: BlockMigrations = {},
): MigrationResult {
  const target = currentVersion(migrations);
  let page = JSON.parse(text);
  const from = versionOf(page);
  if (from > target) throw new Error(`versión de esquema ${from} desconocida: la más reciente es ${target}`);
  const applied: string[] = [];
  for (const migration of migrations.slice(from - 1)) {
    text = editPageText(text, migration.changes(page, context));
    text = applyEdits(
      text,
      // The version sits right after "$schema" (first when there is none).
      modify(text, ["schemaVersion"], migration.to, {
        formattingOptions: FORMAT,
        getInsertionIndex: (properties) => (properties[0] === "$schema" ? 1 : 0),
      }),
    );
    page = JSON.parse(text);
    applied.push(`v${migration.to}: ${migration.description}`);
  }
  const settings = settingsMigrationChanges(page, blockMigrations);
  text = editPageText(text, settings.changes);
  applied.push(...settings.applied.map((block) => block.description));
  return { text, from, to: target, applied };
}

/** Every block of a page, with its path in the file: each region's blocks, in order. */
export function pageBlocks(page: any): Array<{ block: any; path: JSONPath }> {
  const out: Array<{ block: any; path: JSONPath }> = [];
  for (const [region, blocks] of Object.entries<any>(page?.regions ?? {})) {
    if (Array.isArray(blocks)) blocks.forEach((block, index) => out.push({ block, path: ["regions", region, index] }));
  }
  return out;
}

/** A block whose settings its type's migrations change: where it is and what ran. */
export interface MigratedBlock {
  /** The block's settings in the file. */
  path: JSONPath;
  description: string;
}

/**
 * The edits that bring every block's settings through its type's migrations: only the settings a
 * migration added, changed or removed are touched. `applied` says what ran, and on which block.
 */
export function settingsMigrationChanges(page: unknown, migrations: BlockMigrations): { changes: PageChange[]; applied: MigratedBlock[] } {
  const changes: PageChange[] = [];
  const applied: MigratedBlock[] = [];
  for (const { block, path } of pageBlocks(page)) {
    const own = migrations[block?.type];
    const before = block?.settings;
    if (!own?.length || !before || typeof before !== "object" || Array.isArray(before)) continue;
    let settings: Record<string, unknown> = before;
    for (const migration of own) {
      const next = migration.migrate(settings);
      if (next === undefined) continue;
      settings = next;
      applied.push({ path: [...path, "settings"], description: `${block.type} «${block.id ?? path.join("/")}»: ${migration.description}` });
    }
    for (const key of new Set([...Object.keys(before), ...Object.keys(settings)])) {
      if (JSON.stringify(before[key]) !== JSON.stringify(settings[key])) changes.push({ path: [...path, "settings", key], value: settings[key] });
    }
  }
  return { changes, applied };
}
