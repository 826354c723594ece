// `npm start` with WEB_CONCURRENCY=2 on the local PostgreSQL (a fresh schema) and Redis (a prefix of
// its own): two real server processes share the port and their caches. A page rendered by one is
// served by the other, a missed page is rendered once across both, the sign-in throttle (kept in
// Redis) counts the failures of both, /metrics from either process sums both processes' counts, an
// import reaches both at once (purged through Redis, though both keep pages for 120 s), a worker that
// dies is replaced, and SIGTERM drains every worker before the primary exits 0.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { ensureBuild } from "../build";
import fs from "node:fs";
import os from "node:os";
import { makeTestCorpus, nacionDocuments } from "../content/testing/corpus";
import { createContentStore } from "../content/store";
import { contentChanges } from "../purge";
import { importContent } from "./content-import";
import { createLogger } from "../../platform/log";
import { RedisConnection } from "../../platform/redis";
import { readSettings } from "../../platform/settings";
import { openTestStore, type TestStore } from "../content/testing/stores";
import { deleteKeys, redisAnswers, TEST_REDIS_URL, testPrefix } from "../cache/testing";
import { compiledServerForRun, serverCommand } from "../../tests/support/compiled-server";

const root = path.resolve(import.meta.dirname, "../..");
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const reachable = await redisAnswers();
if (!reachable) console.warn(`[aviso] Redis no responde en ${TEST_REDIS_URL}: se omiten las pruebas de varios procesos (TEST_REDIS_URL elige otro)`);

describe.skipIf(!reachable)("npm start with WEB_CONCURRENCY=2", () => {
  const prefix = testPrefix("prueba-procesos");
  const schema = `procesos_${process.pid}_${Date.now()}`;
  const lines: string[] = [];
  let store: TestStore;
  let primary: ChildProcess;
  let exited: Promise<number | null>;
  let origin = "";

  /** Pages asked so far, each answered by the page cache (HIT or MISS). */
  let pagesAsked = 0;
  const OPERATOR_TOKEN = "operador-de-procesos";

  /** One request on a connection of its own: the primary hands each connection to the next worker. */
  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; worker?: string; cache?: string; keys?: string; body: string }>((resolve, reject) => {
      http
        .get(origin + url, { agent: false, headers }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () =>
            resolve({
              status: res.statusCode!,
              worker: res.headers["x-worker"] as string,
              cache: res.headers["x-page-cache"] as string,
              keys: res.headers["surrogate-key"] as string,
              body,
            }),
          );
        })
        .on("error", reject)
        .setTimeout(10_000, function (this: http.ClientRequest) {
          this.destroy(new Error(`sin respuesta en 10 s: ${url}`));
        });
    });

  beforeAll(async () => {
    ensureBuild(root);
    // A small corpus loaded beforehand: the first worker finds the store seeded.
    store = await openTestStore({ url: POSTGRES_URL, schema }, makeTestCorpus());
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const [command, ...args] = serverCommand(await compiledServerForRun());
    primary = spawn(command, args, {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        WEB_CONCURRENCY: "2",
        DATABASE_URL: POSTGRES_URL,
        DATABASE_SCHEMA: schema,
        REDIS_URL: TEST_REDIS_URL,
        REDIS_PREFIX: prefix,
        // The images are drawn once and kept between runs.
        DATA_DIR: path.join(root, ".cache", "workers-data"),
        PAGE_CACHE_SECONDS: "120",
        SHUTDOWN_LINGER_MS: "100",
        LOG_LEVEL: "info",
        OPERATOR_TOKEN,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    exited = new Promise((resolve) => primary.on("exit", (code) => resolve(code)));
    for (const stream of [primary.stdout!, primary.stderr!]) stream.on("data", (chunk) => lines.push(...String(chunk).split("\n").filter(Boolean)));
    const workers = new Set<string>();
    await vi.waitFor(
      async () => {
        const answer = await get("/healthz").catch(() => undefined);
        if (answer?.status === 200) workers.add(answer.worker ?? "");
        expect([...workers].sort()).toEqual(["1", "2"]);
      },
      { timeout: 240_000, interval: 250 },
    );
  }, 300_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      primary.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000))]);
      if (!stopped) for (const pid of workerPids()) process.kill(pid, "SIGKILL");
      if (!stopped) primary.kill("SIGKILL");
    }
    await store?.cleanup();
    await deleteKeys(prefix);
  }, 60_000);

  function workerPids(): number[] {
    try {
      // The workers run the compiled start.js too.
      return execFileSync("pgrep", ["-P", String(primary.pid), "-f", "start.js"], { encoding: "utf8" })
        .split("\n")
        .filter(Boolean)
        .map(Number);
    } catch {
      return [];
    }
  }

  /** Asks for the URL until both processes have answered (counting `answers` already had); the answers in order. */
  async function fromBoth(url: string, answers: Awaited<ReturnType<typeof get>>[] = [], headers: Record<string, string> = {}) {
    while (new Set(answers.map((answer) => answer.worker)).size < 2) {
      answers.push(await get(url, headers));
      if (answers.length > 50) throw new Error(`un solo proceso respondió ${url}`);
    }
    return answers;
  }

  /** The keys in Redis that match `pattern` (after this run's prefix). */
  async function redisKeys(pattern: string) {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 0 });
    try {
      return await redis.keys(`${prefix}${pattern}`);
    } finally {
      redis.disconnect();
    }
  }

  it("serves a page rendered by one process from the other", async () => {
    const first = await get("/nacion/");
    // Stored for the other process once compressed, just after the answer went out (a claim older
    // than a slow first render would otherwise let the other process render it too).
    await expect.poll(() => redisKeys("page:*/nacion/*"), { timeout: 10_000 }).toHaveLength(1);
    const answers = await fromBoth("/nacion/", [first]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(answers[0].cache).toBe("MISS");
    expect(answers.slice(1).map((answer) => answer.cache)).toEqual(answers.slice(1).map(() => "HIT"));
    // The other process replays the same bytes (the same nonce in its replayed Content-Security-Policy).
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    pagesAsked += answers.length;
  });

  it("renders a missed page once across both processes however many readers ask at once", async () => {
    const answers = await Promise.all(Array.from({ length: 24 }, () => get("/economia/")));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.worker))).toEqual(new Set(["1", "2"]));
    expect(answers.filter((answer) => answer.cache === "MISS")).toHaveLength(1);
    pagesAsked += answers.length;
  });

  it("answers /metrics from either process with both processes' counts summed", async () => {
    const answers = await fromBoth("/metrics", [], { Authorization: `Bearer ${OPERATOR_TOKEN}` });
    const count = (text: string, outcome: string) =>
      Number(new RegExp(`^bloques_page_cache_requests_total\\{outcome="${outcome}"\\} (\\d+)$`, "m").exec(text)?.[1] ?? 0);
    for (const { status, body } of answers) {
      expect(status).toBe(200);
      // One render per page across both processes, every other answer a hit, whichever process gave it.
      expect(count(body, "miss")).toBe(2);
      expect(count(body, "hit")).toBe(pagesAsked - 2);
    }
    expect((await get("/metrics")).status).toBe(404);
  });

  it("shares the sign-in throttle: failures counted by either process make the next attempt wait", async () => {
    // A connection per request, so the primary hands them to the workers in turn. Per process, the
    // three free failures would last six attempts; shared in Redis, the fifth attempt waits.
    const post = (body: unknown) =>
      new Promise<{ worker?: string; code?: string }>((resolve, reject) => {
        const req = http.request(
          origin + "/identity/public/v1/auth/login",
          { method: "POST", agent: false, headers: { "Content-Type": "application/json" } },
          (res) => {
            let text = "";
            res.setEncoding("utf8");
            res.on("data", (chunk) => (text += chunk));
            res.on("end", () => resolve({ worker: res.headers["x-worker"] as string, code: JSON.parse(text).code }));
          },
        );
        req.on("error", reject);
        req.end(JSON.stringify(body));
      });
    const answers = [];
    for (let attempt = 0; attempt < 5; attempt++)
      answers.push(await post({ userName: "nadie-procesos@example.com", credentials: "ClaveEquivocada1", grantType: "password" }));
    expect(new Set(answers.slice(0, 4).map((answer) => answer.worker))).toEqual(new Set(["1", "2"]));
    expect(answers.slice(0, 4).map((answer) => answer.code)).not.toContain("100016");
    expect(answers[4].code).toBe("100016");
    // Counted in Redis, which both processes share.
    expect(await redisKeys("limite:password:pair:nadie-procesos@example.com *")).toHaveLength(1);
  });

  it("replaces a worker that dies", async () => {
    const [victim] = workerPids();
    process.kill(victim, "SIGKILL");
    await expect.poll(async () => (await get("/healthz").catch(() => undefined))?.worker, { timeout: 60_000, interval: 100 }).toBe("3");
    expect(lines.some((line) => line.startsWith("[warn] un proceso terminó; se inicia otro"))).toBe(true);
    // The new worker serves the pages the others rendered.
    const answers = await fromBoth("/nacion/");
    expect(answers.every((answer) => answer.cache === "HIT")).toBe(true);
  }, 90_000);

  it("shows an imported headline on both processes at once: the import purges it through Redis", async () => {
    const [document] = nacionDocuments;
    const url = document.canonical_url;
    // Both have the page (kept 120 s), and it names the article it shows. On a loaded machine the
    // second process may render it too while the first stores it: asked again until both keep it.
    let warmed = await fromBoth(url);
    await expect.poll(async () => (warmed = await fromBoth(url)).every((answer) => answer.cache === "HIT"), { timeout: 30_000 }).toBe(true);
    expect(warmed.at(-1)!.keys?.split(" ")).toEqual(expect.arrayContaining(["b-semana", document._id]));
    const redis = new RedisConnection({ url: TEST_REDIS_URL, prefix, timeoutMs: 1000, logger: createLogger("silent"), logIntervalMs: 60_000 });
    await new Promise((resolve) => redis.client.once("ready", resolve));
    const settings = readSettings({ DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, REDIS_PREFIX: prefix });
    const changes = await contentChanges(settings, { db: store.store.db, redis, logger: createLogger("silent"), listen: false, cdn: [] });
    const file = path.join(os.tmpdir(), `procesos-${process.pid}.json`);
    try {
      fs.writeFileSync(file, JSON.stringify({ ...document, headlines: { basic: "Titular corregido por la redacción" } }));
      const importer = await createContentStore(store.store.db, { changed: changes.purge });
      expect((await importContent(importer, [file], { log: () => {} })).documents).toBe(1);
    } finally {
      fs.rmSync(file, { force: true });
      await changes.close();
      await redis.close();
    }
    const showing = new Set<string>();
    await expect
      .poll(
        async () => {
          const answer = await get(url);
          if (answer.body.includes("Titular corregido por la redacción")) showing.add(answer.worker ?? "");
          return showing.size;
        },
        { timeout: 20_000, interval: 50 },
      )
      .toBe(2);
  });

  it("on SIGTERM drains every worker, then the primary exits 0", async () => {
    primary.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(lines.filter((line) => line.includes("base de datos cerrada; fin"))).toHaveLength(2);
  });
});
