// Money moves once even when the server is killed mid-purchase (docs/decisions/0010-checkout-money-moves-once.md).
//
// For each fault point of accounts/faults.ts, the real server process (server/cli/start.ts,
// compiled once for the run by tests/support/compiled-server.ts; production mode, the test payment provider; PGlite in a temporary DATA_DIR,
// then a schema of the local PostgreSQL server) runs with ACCOUNTS_FAULT=<point>; a reader signs up
// and buys offer 466 through the HTTP API (a cookie jar and a bearer token, no browser); the process
// dies with SIGKILL at that point; it is started again, and the reader's orders and subscriptions
// are read back through the API. Each restart is armed with the next point of the chain (a start is
// seconds; the chain needs six instead of ten), ordered so that no restart has its own point on the
// path of what it reconciles; the last runs without a fault, and there the readers whose purchase
// died before the charge try again. At the end the server is stopped and its database opened to
// count what the provider charged. One database serves every point; it holds the small test corpus
// before the first start, so no start seeds content.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../tests/support/free-port";
import { openDatabase, type OpenOptions } from "../platform/database";
import { openContentStore } from "../server/content/setup";
import { makeTestCorpus } from "../server/content/testing/corpus";
import { FAULT_POINTS, type FaultPoint } from "./faults";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { BILLING, TEST_POSTGRES_URL } from "./testing/harness";
import { compiledServerForRun, serverCommand } from "../tests/support/compiled-server";
import { linkSharedImages } from "../tests/support/shared-images";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PASSWORD = "Clave2024segura";
const STEP_TIMEOUT_MS = 240_000;
/**
 * The order of the kills. A restart armed with in-settlement would die reconciling the charge the
 * previous kill left, so in-settlement comes first; every point is in it once.
 */
const CHAIN: FaultPoint[] = ["in-settlement", "after-order-created", "after-charge", "after-initialize", "before-charge"];
/** Points where the reader was not charged and later tries again. */
const RETRIED: FaultPoint[] = ["after-order-created", "after-initialize"];

interface Running {
  process: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output: string[];
}

/** A browser-less reader: a cookie jar and the bearer token of its sign-up. */
class Reader {
  cookies = new Map<string, string>();
  token: string | null = null;
  constructor(
    readonly origin: string,
    readonly email: string,
  ) {}

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const response = await fetch(`${this.origin}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(pair.slice(0, eq).trim());
      else this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return { status: response.status, body: await response.json() };
  }

  sales = (method: string, url: string, body?: unknown) => this.call(method, `/sales/public/v1${url}`, body);
}

/** What the reader's account says after the restart. */
interface Seen {
  orders: Array<{ orderNumber: string; orderStatus: string; totalAmount: number }>;
  subscriptions: number;
}

const targets: Array<[string, (dataDir: string) => OpenOptions]> = [
  ["PGlite", (dataDir) => ({ dataDir: path.join(dataDir, "pglite") })],
  ["PostgreSQL", () => ({ url: TEST_POSTGRES_URL, schema: `kill_${process.pid}_${Date.now()}` })],
];

describe.sequential.each(targets)("checkout killed at each fault point, then restarted, on %s", (_name, target) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bloques-kill-"));
  const database = target(dataDir);
  let port = 0;
  let origin = "";
  let server: Running | null = null;
  let serverFile = "";
  const results: Array<{ point: FaultPoint; email: string; seen: Seen; died: string }> = [];

  function start(fault: FaultPoint | null): Running {
    linkSharedImages(dataDir);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: "production",
      PAYMENTS_TEST_PROVIDER: "1",
      PAYMENTS_RECONCILE_SECONDS: "0",
      LOG_LEVEL: "warn",
      ACCOUNTS_FAULT: fault ?? "",
    };
    // This target's database, whatever the developer's environment says.
    for (const name of ["DATABASE_URL", "DATABASE_SCHEMA", "NODE_OPTIONS", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete env[name];
    if (database.url) Object.assign(env, { DATABASE_URL: database.url, DATABASE_SCHEMA: database.schema });
    const [command, ...args] = serverCommand(serverFile);
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    const output: string[] = [];
    child.stdout!.on("data", (chunk) => output.push(String(chunk)));
    child.stderr!.on("data", (chunk) => output.push(String(chunk)));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once("exit", (code, signal) => resolve({ code, signal })),
    );
    return { process: child, exited, output };
  }

  async function ready(running: Running) {
    let gone = false;
    void running.exited.then(() => (gone = true));
    for (;;) {
      if (gone) throw new Error(`el servidor terminó antes de estar listo:\n${running.output.join("")}`);
      try {
        if ((await fetch(`${origin}/healthz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  async function stop() {
    if (!server) return;
    const running = server;
    server = null;
    if (running.process.exitCode === null && running.process.signalCode === null) running.process.kill("SIGTERM");
    await running.exited;
  }

  beforeAll(async () => {
    serverFile = await compiledServerForRun();
    port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // The store holds the small test corpus before the first start, which then seeds nothing: the
    // checkout reads no content, and seeding the generated corpus took half a minute per target.
    const store = await openContentStore({ database });
    try {
      await store.loadCorpus(makeTestCorpus());
    } finally {
      await store.db.close();
    }
  }, STEP_TIMEOUT_MS);

  afterAll(async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database.url) {
      const db = await openDatabase({ url: database.url });
      await db.query(`DROP SCHEMA IF EXISTS ${database.schema} CASCADE`).catch(() => {});
      await db.close();
    }
  }, STEP_TIMEOUT_MS);

  /** Signs up and buys offer 466 with the paying test card, step by step, until the server dies; returns the step it died in, or null. */
  async function buy(reader: Reader): Promise<string | null> {
    const steps: Array<[string, () => Promise<{ status: number; body: any }>]> = [];
    let orderNumber = "";
    steps.push(["vaciar el carrito", () => reader.sales("DELETE", "/cart/clear")]);
    steps.push([
      "agregar la oferta",
      () => reader.sales("POST", "/cart/item", { items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }], billingAddress: BILLING }),
    ]);
    steps.push([
      "crear el pedido",
      async () => {
        const answer = await reader.sales("POST", "/checkout/order", { phone: "3001234567", firstName: "Ana", lastName: "Gómez" });
        orderNumber = answer.body.orderNumber;
        return answer;
      },
    ]);
    steps.push(["iniciar el pago", () => reader.sales("GET", `/checkout/order/${orderNumber}/payment/1`)]);
    steps.push([
      "finalizar el pago",
      () => reader.sales("PUT", `/checkout/order/${orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success, expectedTotal: 199000 }),
    ]);
    for (const [name, step] of steps) {
      try {
        const answer = await step();
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
      } catch (error) {
        if (error instanceof TypeError) return name; // the connection died with the process
        throw error;
      }
    }
    return null;
  }

  async function seen(reader: Reader): Promise<Seen> {
    const history = await reader.sales("GET", "/order/history");
    const subscriptions = await reader.sales("GET", "/subscription/all");
    return { orders: history.body.orders, subscriptions: subscriptions.body.length };
  }

  const charged = (point: FaultPoint) => point === "after-charge" || point === "in-settlement";

  it("kills at every fault point, each once", () => {
    expect([...CHAIN].sort()).toEqual([...FAULT_POINTS].sort());
  });

  const readers = new Map<FaultPoint, Reader>();

  for (const [index, point] of CHAIN.entries()) {
    const next = CHAIN[index + 1] ?? null;
    it(
      `${point}: the server dies there; after a restart the order is Paid exactly when it was charged`,
      async () => {
        if (!server) {
          server = start(point);
          await ready(server);
        }
        const reader = new Reader(origin, `muerte.${point}.${Date.now()}@example.com`);
        readers.set(point, reader);
        const signup = await reader.call("POST", "/identity/public/v1/signup", {
          identity: { userName: reader.email, credentials: PASSWORD },
          profile: { email: reader.email, firstName: "Ana", lastName: "Gómez" },
        });
        reader.token = signup.body.accessToken;
        const diedIn = await buy(reader);
        expect(diedIn, "the server should have died").not.toBeNull();
        expect(await server.exited).toEqual({ code: null, signal: "SIGKILL" });
        expect(server.output.join("")).toContain(`ACCOUNTS_FAULT=${point}`);
        server = null;

        server = start(next);
        await ready(server);
        const after = await seen(reader);
        results.push({ point, email: reader.email, seen: after, died: diedIn! });
        expect(after.orders).toHaveLength(1);
        expect(after.orders[0]).toMatchObject({ totalAmount: 199000, orderStatus: charged(point) ? "Paid" : "Pending" });
        expect(after.subscriptions).toBe(charged(point) ? 1 : 0);
        // Settled by the restart's reconciliation (the killed process committed nothing of it).
        expect(server.output.join("").includes("un cobro había quedado sin registrar; el pedido quedó pagado")).toBe(charged(point));
      },
      STEP_TIMEOUT_MS,
    );
  }

  it(
    "a reader whose purchase died before the charge tries again: the same order, paid once",
    async () => {
      for (const point of RETRIED) {
        const reader = readers.get(point)!;
        const before = await seen(reader);
        expect(await buy(reader)).toBeNull();
        const again = await seen(reader);
        expect(again.orders.map((o) => [o.orderNumber, o.orderStatus])).toEqual([[before.orders[0].orderNumber, "Paid"]]);
        expect(again.subscriptions).toBe(1);
      }
    },
    STEP_TIMEOUT_MS,
  );

  it(
    "the provider charged each paid order exactly once, and nothing for the others",
    async () => {
      await stop();
      const db = await openDatabase(database);
      try {
        const table: string[] = [];
        results.sort((a, b) => FAULT_POINTS.indexOf(a.point) - FAULT_POINTS.indexOf(b.point));
        for (const { point, email, seen: after, died } of results) {
          const orderNumber = after.orders[0].orderNumber;
          const { rows } = await db.query<{ charges: string; subscriptions: string; status: string; receipts: string; charge_key: string | null }>(
            `SELECT
               (SELECT count(*) FROM accounts_test_provider_charges WHERE idempotency_key LIKE $1 AND outcome::jsonb->>'status' = 'succeeded') AS charges,
               (SELECT count(*) FROM accounts_subscriptions WHERE order_number = $2) AS subscriptions,
               (SELECT status FROM accounts_orders WHERE order_number = $2) AS status,
               (SELECT charge_key FROM accounts_orders WHERE order_number = $2) AS charge_key,
               (SELECT count(*) FROM accounts_outbox WHERE to_address = $3 AND kind = 'recibo') AS receipts`,
            [`order:${orderNumber}:%`, orderNumber, email],
          );
          const row = rows[0];
          // The points before the charge were paid afterwards by the reader's retry (one charge), except before-charge.
          const expected = charged(point) || RETRIED.includes(point) ? 1 : 0;
          expect([Number(row.charges), Number(row.subscriptions), Number(row.receipts), row.status]).toEqual([
            expected,
            expected,
            expected,
            expected ? "Paid" : "Pending",
          ]);
          // Killed before the provider saw it: the key stays until it is stale, then reconciliation drops it.
          expect(row.charge_key).toBe(point === "before-charge" ? `order:${orderNumber}:0` : null);
          const retried = RETRIED.includes(point);
          table.push(
            `| ${point} | ${died} | ${after.orders[0].orderStatus}, ${after.subscriptions} suscripción(es) | ${retried ? "sí: mismo pedido" : "no"} | ${row.charges} | ${row.subscriptions} | ${row.receipts} | ${row.status}${row.charge_key ? " (clave de cobro pendiente)" : ""} |`,
          );
        }
        console.info(
          [
            "| punto | murió en | tras reiniciar (API) | el lector reintenta | cobros del proveedor | suscripciones | recibos | pedido al final |",
            "|---|---|---|---|---|---|---|---|",
            ...table,
          ].join("\n"),
        );
      } finally {
        await db.close();
      }
    },
    STEP_TIMEOUT_MS,
  );
});
