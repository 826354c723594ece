// Test harness: the accounts router on a real Express server on an ephemeral port, over PGlite or
// a throw-away schema of the local PostgreSQL server, and a browser-like cookie jar for fetch.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { openDatabase, type Database, type OpenOptions } from "../../platform/database";
import { createAccountsRouter, type AccountsOptions, type AccountsRouter } from "../service";
import { readSettings } from "../../platform/settings";

/** A whole billing address, as the checkout form sends it: an order needs street, city, department and country. */
export const BILLING = { line1: "Carrera 7 # 71-21", locality: "Bogotá", region: "Cundinamarca", country: "CO" };

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

/** The same suites run on embedded PGlite and on the local PostgreSQL server. */
export const databaseTargets: Array<[string, () => OpenOptions]> = [
  ["PGlite", () => ({})],
  ["PostgreSQL", () => ({ url: TEST_POSTGRES_URL, schema: `acc_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}` })],
];

export interface TestServer {
  origin: string;
  db: Database;
  accounts: AccountsRouter;
  /** Moves the server's clock (tokens, nonces, rate-limit windows). */
  advance(ms: number): void;
  /** Sets the server's clock to `at` (ms since the epoch), from which it stands still or runs on. */
  setNow(at: number): void;
  /** The server's clock now (milliseconds since the epoch). */
  now(): number;
  close(): Promise<void>;
}

/** The accounts router of each test database, so mail and row checks can wait for e-mail requests being handled. */
const routersByDatabase = new WeakMap<Database, AccountsRouter>();

/**
 * With `frozenClock`, the server's clock stands still except when advance() moves it: waits and
 * windows are exact, whatever the machine's speed. Otherwise it runs with the wall clock.
 */
export async function startAccountsServer(
  database: OpenOptions = {},
  options: Partial<AccountsOptions> = {},
  { frozenClock = false }: { frozenClock?: boolean } = {},
): Promise<TestServer> {
  const db = await openDatabase(database);
  let offset = 0;
  const started = Date.now();
  const clock = frozenClock ? () => started + offset : () => Date.now() + offset;
  const accounts = await createAccountsRouter({
    db,
    clock,
    publicOrigin: "http://localhost:3000",
    mailer: null,
    devMailbox: true,
    settings: readSettings({}),
    ...options,
  });
  const app = express();
  app.set("trust proxy", true);
  app.use(accounts);
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  routersByDatabase.set(db, accounts);
  return {
    origin: `http://127.0.0.1:${port}`,
    db,
    accounts,
    advance: (ms) => {
      offset += ms;
    },
    setNow: (at) => {
      offset += at - clock();
    },
    now: clock,
    async close() {
      server.closeAllConnections?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await accounts.close();
      if (database.url && database.schema) await db.query(`DROP SCHEMA ${database.schema} CASCADE`).catch(() => {});
      await db.close();
    },
  };
}

/**
 * Gives the global fetch a browser's cookie behaviour for one origin: Set-Cookie answers are kept
 * and sent back (Node's fetch keeps no cookies; a browser on the same origin would).
 */
export function installCookieJar(): { cookies: Map<string, string>; clear(): void; restore(): void } {
  const original = globalThis.fetch;
  const cookies = new Map<string, string>();
  globalThis.fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size && !headers.has("cookie")) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const response = await original(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) cookies.delete(name);
      else cookies.set(name, pair.slice(eq + 1).trim());
    }
    return response;
  }) as typeof fetch;
  return {
    cookies,
    clear: () => cookies.clear(),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/**
 * Waits until the reset, magic-link and verification requests already answered are handled, and the
 * data-export reports asked for are prepared (both run after the answer).
 */
export async function settleMailRequests(db: Database): Promise<void> {
  await routersByDatabase.get(db)?.handleMailRequests();
  await routersByDatabase.get(db)?.prepareDataReports();
}

/** The newest outbox message to an address, and the nonce (or code) of its first link. */
export async function lastMail(db: Database, to: string, kind?: string) {
  await settleMailRequests(db);
  const { rows } = await db.query<{ subject: string; kind: string; text_body: string; links: Array<{ label: string; url: string }> }>(
    `SELECT subject, kind, text_body, links FROM accounts_outbox WHERE to_address = $1${kind ? " AND kind = $2" : ""} ORDER BY id DESC LIMIT 1`,
    kind ? [to, kind] : [to],
  );
  const mail = rows[0];
  if (!mail) return null;
  const url = mail.links[0] ? new URL(mail.links[0].url) : null;
  return { ...mail, url, nonce: url?.searchParams.get("nonce") ?? url?.searchParams.get("invitacion") ?? url?.searchParams.get("regalo") ?? null };
}

/** Counts rows of a table, optionally filtered (for "nothing was stored" checks). */
export async function count(db: Database, table: string, where = "true", params: unknown[] = []): Promise<number> {
  await settleMailRequests(db);
  const { rows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`, params);
  return Number(rows[0].n);
}
