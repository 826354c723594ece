import type { Database } from "./database";

export interface Migration {
  /** Unique and ordered, e.g. "content-001-documents". */
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet applied, each in its own transaction, in order.
 * Applied ids are recorded in schema_migrations, so running twice is harmless.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const { rows } = await db.query<{ id: string }>("SELECT id FROM schema_migrations");
  const applied = new Set(rows.map((r) => r.id));
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.id)) continue;
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (id) VALUES ($1)", [migration.id]);
    });
    done.push(migration.id);
  }
  return done;
}

/** Splits SQL on semicolons outside quotes and $$-bodies, so each statement runs through query(). */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = "";
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i];
    if (quote) {
      if (sql.startsWith(quote, i)) {
        current += quote;
        i += quote.length - 1;
        quote = null;
        continue;
      }
      current += ch;
      continue;
    }
    if (ch === "'") quote = "'";
    else if (ch === "$" && sql.startsWith("$$", i)) {
      quote = "$$";
      current += "$$";
      i++;
      continue;
    } else if (ch === "-" && sql[i + 1] === "-") {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
      current += "\n";
      continue;
    } else if (ch === ";") {
      if (current.trim()) out.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
