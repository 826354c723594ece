// Timing must not reveal accounts (docs/decisions/0012-threat-model.md, accounts): a password-reset,
// magic-link or verification request does the same work and gives the same answer whatever the
// address; looking the address up and queueing the e-mail happen after the answer. Tested by
// structure, never by the clock (shared machines are noisy): every statement the request runs is
// recorded, and the two requests must run the same ones and answer the same bytes; a mailer that
// never finishes does not hold the answer back. The timing itself: npm run bench:accounts.
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database, type Queryable } from "../../platform/database";
import { createAccountsRouter, type AccountsRouter, type Mailer } from "../../accounts";
import { readSettings } from "../../platform/settings";

/** The real database, with every statement it is given written down (SQL text only). */
function recorded(db: Database): { db: Database; statements: string[] } {
  const statements: string[] = [];
  const watch = (target: Queryable): Queryable => ({
    query(sql, params) {
      statements.push(sql.replace(/\s+/g, " ").trim());
      return target.query(sql, params);
    },
  });
  const watched: Database = {
    kind: db.kind,
    query: watch(db).query,
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction((tx) => fn(watch(tx))),
    listen: (channel, onMessage) => db.listen(channel, onMessage),
    close: () => db.close(),
  };
  return { db: watched, statements };
}

/** Sends nothing, ever: a mail server that hangs. */
const hangingMailer: Mailer = { send: () => new Promise<void>(() => {}) };

/** Where the handling after the answer starts (identity/mail-requests.ts reads the waiting requests). */
const AFTER_THE_ANSWER = "FROM accounts_mail_requests ORDER BY id";

const TABLES_OF_THE_ADDRESS = ["accounts_users", "accounts_identities", "accounts_nonces", "accounts_outbox"];

describe("reset, magic-link and verification requests answer alike for every address", () => {
  let raw: Database;
  let statements: string[];
  let accounts: AccountsRouter;
  let server: Server;
  let origin = "";
  let ip = 0;
  const existing = "existe@example.com";

  beforeAll(async () => {
    raw = await openDatabase();
    const watched = recorded(raw);
    statements = watched.statements;
    accounts = await createAccountsRouter({
      db: watched.db,
      settings: readSettings({}),
      mailer: hangingMailer,
      devMailbox: false,
      registerForEntitlement: false,
    });
    const app = express();
    app.set("trust proxy", true);
    app.use(accounts);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, "127.0.0.1", () => resolve(s));
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signup = await fetch(`${origin}/identity/public/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ identity: { userName: existing, credentials: "Clave2024segura" }, profile: { email: existing } }),
    });
    expect(signup.status).toBe(200);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await accounts.close();
    await raw.close();
  });

  /** One request: what it answered, and the statements it ran before answering. */
  async function request(path: string, body: Record<string, string>) {
    await accounts.handleMailRequests();
    statements.length = 0;
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `192.0.2.${++ip}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const before = statements.findIndex((sql) => sql.includes(AFTER_THE_ANSWER));
    const ran = before < 0 ? [...statements] : statements.slice(0, before);
    const headers = [...response.headers].filter(([name]) => name !== "date");
    await accounts.handleMailRequests();
    return { status: response.status, text, headers, ran };
  }

  const outbox = async (to: string, kind: string) =>
    (await raw.query<{ sent_at: Date | null }>("SELECT sent_at FROM accounts_outbox WHERE to_address = $1 AND kind = $2 ORDER BY id", [to, kind])).rows;

  it.each([
    ["password reset", "/identity/public/v1/password/reset", "userName", "restablecer"],
    ["magic link", "/identity/public/v1/auth/magiclink", "email", "enlace-magico"],
    ["verification", "/identity/public/v1/email/verify", "email", "verificacion"],
  ])("%s: the same statements, status, body and headers for an existing and an unknown address", async (_name, path, field, kind) => {
    const mailsBefore = (await outbox(existing, kind)).length;
    const known = await request(path, { [field]: existing });
    const unknown = await request(path, { [field]: `nadie.${kind}@example.com` });
    expect(known.status).toBe(200);
    expect(known.text).toBe('{"success":true}');
    expect(unknown).toEqual({ ...known, ran: unknown.ran });
    expect(unknown.ran).toEqual(known.ran);
    // What the request itself runs: the three rate-limit counts (docs/accounts.md#e-mailed-links: the pair,
    // the client, the address from unknown clients), the known-client look-up and the request's record, never the address's account.
    expect(known.ran.filter((sql) => sql.startsWith("INSERT INTO accounts_rate_limits"))).toHaveLength(3);
    expect(known.ran.filter((sql) => sql.startsWith("INSERT INTO accounts_mail_requests"))).toHaveLength(1);
    for (const sql of known.ran) for (const table of TABLES_OF_THE_ADDRESS) expect(sql).not.toContain(table);
    // After the answer, the existing address gets its e-mail (waiting in the outbox: the mailer hangs), the unknown one nothing.
    const mails = await outbox(existing, kind);
    expect(mails).toHaveLength(mailsBefore + 1);
    expect(mails.at(-1)).toEqual({ sent_at: null });
    expect(await outbox(`nadie.${kind}@example.com`, kind)).toEqual([]);
  });
});
