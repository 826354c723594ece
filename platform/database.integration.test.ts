import { describe, expect, it } from "vitest";
import { openDatabase, type OpenOptions } from "./database";
import { migrate, splitStatements } from "./migrations";

// The same suite runs on embedded PGlite and on the local PostgreSQL server.
export const databaseTargets: Array<[string, () => OpenOptions]> = [
  ["PGlite", () => ({})],
  ["PostgreSQL", () => ({ url: process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test", schema: `t_${process.pid}_${Date.now()}` })],
];

describe.each(databaseTargets)("database layer on %s", (_name, options) => {
  it("migrates once, runs transactions and rolls back on error", async () => {
    const target = options();
    const db = await openDatabase(target);
    try {
      const migrations = [
        {
          id: "t-001",
          sql: "CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public; CREATE TABLE things (id int PRIMARY KEY, name text); INSERT INTO things VALUES (1, 'uno;dos')",
        },
      ];
      expect(await migrate(db, migrations)).toEqual(["t-001"]);
      expect(await migrate(db, migrations)).toEqual([]);
      await db.transaction(async (tx) => {
        await tx.query("INSERT INTO things VALUES ($1, $2)", [2, "dos"]);
      });
      await expect(
        db.transaction(async (tx) => {
          await tx.query("INSERT INTO things VALUES ($1, $2)", [3, "tres"]);
          throw new Error("falla a mitad");
        }),
      ).rejects.toThrow("falla a mitad");
      const { rows } = await db.query("SELECT id, name FROM things ORDER BY id");
      expect(rows).toEqual([
        { id: 1, name: "uno;dos" },
        { id: 2, name: "dos" },
      ]);
      const { rows: ext } = await db.query("SELECT unaccent('Bogotá ñandú') AS t");
      expect(ext[0].t).toBe("Bogota nandu");
    } finally {
      if (target.schema) await db.exec(`DROP SCHEMA IF EXISTS ${target.schema} CASCADE`);
      await db.close();
    }
  });
});

it("splits statements outside quotes and dollar bodies", () => {
  expect(splitStatements("SELECT 'a;b'; CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql;\n-- nota; otra\nSELECT 2")).toEqual([
    "SELECT 'a;b'",
    "CREATE FUNCTION f() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql",
    "SELECT 2",
  ]);
});
