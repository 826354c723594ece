import net from "node:net";
import { describe, expect, it } from "vitest";
import { createLogger } from "./log";
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

describe("LISTEN on PostgreSQL", () => {
  it("listens again once the database is back, however many attempts failed while it was away", async () => {
    const url = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
    const upstream = new URL(url);
    // The server reached through a proxy the test can cut: the database "goes away" for real.
    const sockets = new Set<net.Socket>();
    let away = false;
    let refused = 0;
    const proxy = net.createServer((client) => {
      // Away, a connection is cut as it opens: the driver's attempt fails.
      if (away) {
        refused++;
        client.destroy();
        return;
      }
      const server = net.connect(Number(upstream.port || 5432), upstream.hostname);
      for (const socket of [client, server]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
    const port = (proxy.address() as net.AddressInfo).port;
    const through = new URL(url);
    through.hostname = "127.0.0.1";
    through.port = String(port);
    const listening = await openDatabase({ url: through.toString(), logger: createLogger("silent") });
    const direct = await openDatabase({ url });
    const channel = `escucha_${process.pid}_${Date.now()}`;
    const heard: string[] = [];
    const stop = await listening.listen(channel, (payload) => heard.push(payload));
    try {
      await direct.query("SELECT pg_notify($1, $2)", [channel, "antes"]);
      await expect.poll(() => heard).toEqual(["antes"]);

      // Away: the connection cut, and two attempts to open it again fail.
      away = true;
      for (const socket of sockets) socket.destroy();
      await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
      // Back: the listener comes back by itself.
      away = false;
      await expect
        .poll(
          async () => {
            await direct.query("SELECT pg_notify($1, $2)", [channel, "después"]);
            return heard.includes("después");
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    } finally {
      await stop();
      await listening.close();
      await direct.close();
      for (const socket of sockets) socket.destroy();
      proxy.close();
    }
  }, 60_000);
});
