// npm run bench:workers — the production server on PostgreSQL (a fresh schema on the local server)
// and Redis (a key prefix of its own) with WEB_CONCURRENCY = 1, 2 and 4:
//   1. the home page's throughput with the page cache off (PAGE_CACHE_SECONDS=0: every request is
//      resolved and rendered, from the shared content cache): req/s, p50 and p99 with autocannon;
//   2. an editor's change to an article, imported as `npm run content:import` does (which purges it
//      from every process through Redis: docs/decisions/0081-purge-by-content-key.md), reaching every
//      worker: the seconds from the import until each one answers with it (goal: 2 s; without the
//      purge, the article source's TTL plus the page cache's).
// Standalone and under about three minutes; prints a Spanish table. Skips (exit 0) with a message
// when PostgreSQL or Redis does not answer.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { deleteKeys, redisAnswers, TEST_REDIS_URL } from "../../server/cache/testing";
import { DEFAULT_NOW } from "../../server/content/seed";
import { TTL_SECONDS } from "../../server/content/sources/declarations";
import fs from "node:fs";
import { createContentStore } from "../../server/content/store";
import { importContent } from "../../server/cli/content-import";
import { contentChanges } from "../../server/purge";
import { openDatabase, type Database } from "../../platform/database";
import { createLogger } from "../../platform/log";
import { RedisConnection } from "../../platform/redis";
import { readSettings } from "../../platform/settings";
import { BASELINE, GOALS } from "./bench-server";

const root = path.resolve(import.meta.dirname, "../..");
const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const PORT = Number(process.env.BENCH_PORT || 3210);
const DURATION = Number(process.env.BENCH_SECONDS || 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const WORKER_COUNTS = [1, 2, 4];
/** The first start of the schema seeds it; later starts boot in seconds. */
const START_TIMEOUT_MS = 5 * 60_000;
/** The time from an import to the new headline on every process that the purge aims at. */
const PROPAGATION_GOAL_SECONDS = 2;
/** PAGE_CACHE_SECONDS's default, which the propagation run keeps. */
const PAGE_CACHE_SECONDS = 10;
const base = `http://127.0.0.1:${PORT}`;
const schema = `bench_workers_${process.pid}`;
const prefix = `bench-workers:${process.pid}:`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One request on a connection of its own (the cluster's primary hands each connection to the next worker). */
function get(url: string): Promise<{ status: number; worker: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(base + url, { agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode!, worker: String(res.headers["x-worker"] ?? "1"), body }));
      })
      .on("error", reject)
      .setTimeout(10_000, function (this: http.ClientRequest) {
        this.destroy(new Error(`sin respuesta en 10 s: ${url}`));
      });
  });
}

let server: ChildProcess | undefined;

async function start(workers: number, env: Record<string, string>): Promise<void> {
  server = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      WEB_CONCURRENCY: String(workers),
      DATABASE_URL: POSTGRES_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: path.join(root, ".cache", "workers-data"),
      PAYMENTS_TEST_PROVIDER: "1",
      SHUTDOWN_LINGER_MS: "0",
      LOG_LEVEL: "warn",
      SITE_NOW: DEFAULT_NOW.toISOString(),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  // Every worker answers before the clock starts (the first start of the schema also seeds it).
  // A deadline, not a count of tries: workers that already answer do so at once, while the others boot.
  const seen = new Set<string>();
  const deadline = performance.now() + START_TIMEOUT_MS;
  while (seen.size < workers) {
    if (performance.now() > deadline) throw new Error(`solo respondieron ${seen.size} de ${workers} procesos en ${START_TIMEOUT_MS / 1000} s`);
    if (server.exitCode !== null) throw new Error(`el servidor terminó (código ${server.exitCode})`);
    const answer = await get("/healthz").catch(() => undefined);
    if (answer?.status === 200) seen.add(answer.worker);
    await sleep(answer?.status === 200 ? 20 : 250);
  }
}

async function stop(): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server!.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

process.on("exit", () => server?.kill("SIGKILL"));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(130));

async function throughput(workers: number) {
  await start(workers, { PAGE_CACHE_SECONDS: "0" });
  try {
    // Warm the content cache (Redis and each worker's near copies) and the JIT.
    await autocannon({ url: `${base}/`, connections: CONNECTIONS, duration: 2 });
    const result = await autocannon({ url: `${base}/`, connections: CONNECTIONS, duration: DURATION });
    return { workers, result };
  } finally {
    await stop();
  }
}

/** Changes an article's headline in the store and measures when each worker shows it. */
async function propagation(db: Database, workers: number) {
  await start(workers, { PAGE_CACHE_SECONDS: String(PAGE_CACHE_SECONDS) });
  try {
    const home = (await get("/")).body;
    const articlePath = [...home.matchAll(/href="(\/[^"]+\/articulo\/[^"]+)"/g)].map((m) => m[1])[0];
    if (!articlePath) throw new Error("la portada no enlaza ningún artículo");
    // Every worker has the article cached (page and content) before the change.
    const warmed = new Set<string>();
    while (warmed.size < workers) warmed.add((await get(articlePath)).worker);
    // The importer's own code and purge: the store tells Redis what it wrote, as `npm run content:import` does.
    const logger = createLogger("warn");
    const redis = new RedisConnection({ url: TEST_REDIS_URL, prefix, timeoutMs: 250, logger, logIntervalMs: 60_000 });
    await new Promise((resolve) => redis.client.once("ready", resolve));
    const changes = await contentChanges(readSettings({ DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, REDIS_PREFIX: prefix }), {
      db,
      redis,
      logger,
      listen: false,
      cdn: [],
    });
    const store = await createContentStore(db, { changed: changes.purge });
    const document = (await store.getDocument("semana", { url: articlePath })) as any;
    if (!document) throw new Error(`no se encontró el artículo ${articlePath}`);
    const marker = `editado-${Date.now()}`;
    const file = path.join(os.tmpdir(), `bench-workers-${process.pid}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...document, headlines: { ...document.headlines, basic: `${document.headlines.basic} ${marker}` } }));
    const changedAt = performance.now();
    await importContent(store, [file], { log: () => {} });
    fs.rmSync(file, { force: true });
    await changes.close();
    await redis.close();
    const seenAt = new Map<string, number>();
    const limitMs = (TTL_SECONDS.article + PAGE_CACHE_SECONDS) * 2000;
    while (seenAt.size < workers && performance.now() - changedAt < limitMs) {
      const answer = await get(articlePath);
      if (answer.body.includes(marker) && !seenAt.has(answer.worker)) seenAt.set(answer.worker, (performance.now() - changedAt) / 1000);
      await sleep(100);
    }
    return { articlePath, seenAt };
  } finally {
    await stop();
  }
}

async function main() {
  const probe = await openDatabase({ url: POSTGRES_URL }).catch(() => undefined);
  await probe?.close();
  if (!probe) return console.log(`bench:workers omitido: PostgreSQL no responde en ${POSTGRES_URL} (TEST_DATABASE_URL elige otro)`);
  if (!(await redisAnswers())) return console.log(`bench:workers omitido: Redis no responde en ${TEST_REDIS_URL} (TEST_REDIS_URL elige otro)`);
  const db = await openDatabase({ url: POSTGRES_URL, schema });
  const started = performance.now();
  try {
    const runs = [];
    for (const workers of WORKER_COUNTS) runs.push(await throughput(workers));
    const workers = WORKER_COUNTS.at(-1)!;
    const change = await propagation(db, workers);

    console.log(
      `\nbench:workers — portada (/) sin caché de páginas (PAGE_CACHE_SECONDS=0), ${CONNECTIONS} conexiones, ${DURATION} s por medida,` +
        ` PostgreSQL + Redis, ${os.cpus().length} CPU (carga media de la máquina: ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(`procesos      req/s    p50 ms    p99 ms   errores   × antes (${BASELINE.homeMissReqPerSec} req/s; meta ${GOALS.throughputFactor} ×)`);
    for (const { workers, result } of runs) {
      const factor = result.requests.average / BASELINE.homeMissReqPerSec;
      console.log(
        `${String(workers).padEnd(9)} ${result.requests.average.toFixed(0).padStart(9)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(9)} ${String(result.errors + result.non2xx).padStart(9)} ${factor.toFixed(1).padStart(9)}`,
      );
    }
    const times = [...change.seenAt.entries()].sort(([a], [b]) => Number(a) - Number(b));
    const bound = TTL_SECONDS.article + PAGE_CACHE_SECONDS;
    console.log(
      `\ncambio de un artículo importado (content:import) (${change.articlePath.slice(0, 60)}…), ${workers} procesos, caché de páginas de ${PAGE_CACHE_SECONDS} s:`,
    );
    console.log("proceso   visible a los");
    for (const [worker, seconds] of times) console.log(`${worker.padEnd(9)} ${seconds.toFixed(1).padStart(9)} s`);
    const last = Math.max(...times.map(([, seconds]) => seconds));
    console.log(
      times.length === workers
        ? `visible en los ${workers} procesos a los ${last.toFixed(1)} s de la importación (meta ≤ ${PROPAGATION_GOAL_SECONDS} s; antes de la purga por clave, ` +
            `72 s: TTL del artículo ${TTL_SECONDS.article} s + caché de páginas ${PAGE_CACHE_SECONDS} s = ${bound} s)`
        : `ATENCIÓN: solo ${times.length} de ${workers} procesos mostraron el cambio en ${(bound * 2).toFixed(0)} s`,
    );
    console.log(`duración total: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    if (times.length < workers) process.exitCode = 1;
  } finally {
    await stop();
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await db.close();
    await deleteKeys(prefix);
  }
}

await main();
