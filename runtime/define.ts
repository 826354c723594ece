import type { BlockServer } from "./types";

/** Typed identity helper: a block's server half states its settings and data types once. */
export function defineBlockServer<S, D = unknown>(server: BlockServer<S, D>): BlockServer<S, D> {
  return server;
}

/**
 * A block type's own settings migration (blocks/<type>/migrations.ts): renames or transforms a
 * setting of that block, as Puck's transformProps does. `npm run migrate:pages` runs it on every
 * block of its type in every page file, so it says when it applies: `migrate` returns the new
 * settings, or undefined when these need nothing (docs/architecture.md#settings-migrations).
 */
interface SettingsMigration {
  description: string;
  migrate(settings: Readonly<Record<string, unknown>>): Record<string, unknown> | undefined;
}

/** Block type → its settings migrations, in order (blocks/index.server.ts, generated). */
export type BlockMigrations = Readonly<Record<string, readonly SettingsMigration[]>>;

/**
 * Typed identity helper for a block's migrations.ts (docs/architecture.md#settings-migrations).
 * @public for block authors: a block uses it when one of its settings changes.
 */
export function defineSettingsMigrations(migrations: SettingsMigration[]): readonly SettingsMigration[] {
  return migrations;
}
