// npm run bench — the production server under load, in one run, against the figures measured
// before the speed-and-scale work (BASELINE):
//   1. warm page cache: a trivial route, the home page and an article (req/s, p50, p99);
//   2. page cache missed (a server with PAGE_CACHE_SECONDS=0): the home page and an article, with
//      their server time one request at a time (the whole gzipped answer, and its resolution and
//      render parts from Server-Timing);
//   3. 200 concurrent readers for BENCH_LOAD_SECONDS (default 60, in two halves) over a mix of home
//      pages, sections, articles, load-more requests and 404s, with tracking and cache-busting query
//      strings and distinct searches and 404s that fill the page cache: errors, p99, and the
//      server's memory (RSS) before, between the halves and after;
//   4. several worker processes sharing PostgreSQL and Redis (tests/bench/workers.bench.ts), when
//      both are reachable.
// Browsers ask for gzip, and so does every request here.
import { spawn } from "node:child_process";
import autocannon from "autocannon";
import { generateCorpus } from "../../server/content/seed";
import { BASELINE, GOALS, startBenchServer } from "./bench-server";

const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const LOAD_SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 60);
const LOAD_CONNECTIONS = 200;
const GZIP = { "accept-encoding": "gzip, deflate, br" };

function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";");
    const dur = params.find((p) => p.trim().startsWith("dur="));
    if (name && dur) out[name] = Number(dur.trim().slice(4));
  }
  return out;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/**
 * A page one request at a time: the median of its Server-Timing parts (resolution, render) and of
 * the whole answer as the client sees it, from the request to the last byte of the gzipped body
 * (middleware, Remix, serialisation and compression included: the page's real server time).
 */
async function timings(base: string, path: string, runs = 30) {
  const rows: Array<Record<string, number>> = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const answer = await fetch(base + path, { headers: GZIP });
    await answer.arrayBuffer();
    rows.push({ ...serverTiming(answer.headers.get("server-timing")), total: performance.now() - started });
  }
  return { resolve: median(rows.map((r) => r.resolve)), render: median(rows.map((r) => r.render)), total: median(rows.map((r) => r.total)) };
}

const load = (base: string, path: string) => autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, headers: GZIP });

type Row = { name: string; result: autocannon.Result; t?: { resolve: number; render: number; total: number } };
function table(title: string, rows: Row[]) {
  console.log(`\n${title}`);
  console.log("ruta                                          req/s     p50 ms   p99 ms   errores   resolver ms   render ms   completa ms");
  const ms = (value: number | undefined, width: number) => (value === undefined ? "-" : value.toFixed(1)).padStart(width);
  for (const { name, result, t } of rows) {
    console.log(
      `${name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${String(result.errors + result.non2xx).padStart(9)}   ${ms(t?.resolve, 9)}   ${ms(t?.render, 8)}   ${ms(t?.total, 10)}`,
    );
  }
}

/** What a crowd of readers asks for: home pages of three brands, sections, articles, load more, 404s. */
function readerMix(articles: string[], sections: string[]) {
  const requests: Array<{ path: string; headers?: Record<string, string> }> = [];
  for (const host of ["localhost", "soho.localhost", "elpais.localhost"]) requests.push({ path: "/", headers: { host } });
  for (const section of sections) requests.push({ path: `${section}/` });
  for (const article of articles) requests.push({ path: article });
  requests.push({ path: "/_block/home/ultimas-noticias?offset=12&path=%2F" });
  requests.push({ path: "/no-existe/en-absoluto/" });
  let n = 0;
  return () => {
    const request = requests[n % requests.length];
    // Campaign tags and cache-busters the cache must see through; and, one request in ten, a page
    // the cache must keep apart (a search, a 404 of its own), so it fills and must evict.
    const query = n % 3 === 0 ? `?utm_source=boletin&v=${n}` : n % 3 === 1 ? `?fbclid=${n}` : "";
    const distinct = n % 10 === 9 ? (n % 20 === 9 ? `/buscador/?query=paz+${n}` : `/no-existe/pagina-${n}/`) : undefined;
    n++;
    return { path: distinct ?? request.path + query, headers: { ...GZIP, ...(distinct ? {} : request.headers) } };
  };
}

// ---- 1 and 2: warm cache, then missed ----
const cached = await startBenchServer(Number(process.env.BENCH_PORT || 3200));
const home = await (await fetch(`${cached.base}/`)).text();
const articles = [...new Set([...home.matchAll(/href="(\/[^"]+\/articulo\/[^"]+)"/g)].map((m) => m[1]))].slice(0, 20);
if (!articles.length) throw new Error("la portada no enlaza ningún artículo");
const sections = [
  ...new Set(
    generateCorpus()
      .sections.filter((section: any) => section.brand === "semana")
      .map((section: any) => section._id as string),
  ),
].slice(0, 10);
const article = articles[0];

const warm: Row[] = [];
for (const [name, path] of [
  ["ruta trivial (/healthz)", "/healthz"],
  ["portada (/)", "/"],
  [`artículo (${article.slice(0, 32)}…)`, article],
] as const) {
  await timings(cached.base, path, 5);
  warm.push({ name, result: await load(cached.base, path) });
}
table(`bench — ${CONNECTIONS} conexiones, ${DURATION} s por ruta, caché de páginas caliente, gzip`, warm);
console.log(`portada / ruta trivial: ${((warm[1].result.requests.average / warm[0].result.requests.average) * 100).toFixed(0)} %`);

// ---- 3: 200 readers, RSS before, between the two halves and after ----
// The caches are bounded in bytes: once they are full the second half must not grow the memory.
const rss = [cached.rssKiB()];
const next = readerMix(articles, sections);
const halves = [];
for (let half = 0; half < 2; half++) {
  halves.push(
    await autocannon({
      url: cached.base,
      connections: LOAD_CONNECTIONS,
      duration: LOAD_SECONDS / 2,
      requests: [{ setupRequest: (request: any) => ({ ...request, ...next() }) }],
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 2000));
  rss.push(cached.rssKiB());
}
await cached.stop();
console.log(
  `\n${LOAD_CONNECTIONS} lectores durante ${LOAD_SECONDS} s en dos mitades (portadas de 3 marcas, secciones, artículos, cargar más, 404, parámetros de campaña y de caché):`,
);
for (const [i, crowd] of halves.entries())
  console.log(
    `  mitad ${i + 1}: ${crowd.requests.total} peticiones, ${crowd.requests.average.toFixed(0)} req/s, p50 ${crowd.latency.p50} ms, p99 ${crowd.latency.p99} ms, errores ${crowd.errors}, respuestas 5xx ${crowd["5xx"]}`,
  );
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
console.log(`  memoria del servidor (RSS): ${mib(rss[0])} antes, ${mib(rss[1])} tras la primera mitad, ${mib(rss[2])} tras la segunda`);

// ---- 2: page cache missed ----
const missed = await startBenchServer(Number(process.env.BENCH_PORT || 3200) + 1, { PAGE_CACHE_SECONDS: "0" });
const miss: Row[] = [];
for (const [name, path] of [
  ["portada sin caché de páginas", "/"],
  ["artículo sin caché de páginas", article],
] as const) {
  await timings(missed.base, path, 10);
  miss.push({ name, result: await load(missed.base, path), t: await timings(missed.base, path) });
}
await missed.stop();
table(`sin caché de páginas (PAGE_CACHE_SECONDS=0), ${CONNECTIONS} conexiones, un proceso`, miss);
const homeMiss = miss[0];
const factor = homeMiss.result.requests.average / BASELINE.homeMissReqPerSec;
console.log(
  `portada sin caché: ${homeMiss.result.requests.average.toFixed(0)} req/s = ${factor.toFixed(1)} × las ${BASELINE.homeMissReqPerSec} de antes (meta ${GOALS.throughputFactor} ×, también con varios procesos: abajo); ` +
    `p50 con ${CONNECTIONS} conexiones ${homeMiss.result.latency.p50} ms (antes ${BASELINE.homeMissP50Ms}); una petición a la vez, p50 de la respuesta completa ` +
    `${homeMiss.t!.total.toFixed(1)} ms (meta ${GOALS.homeMissP50Ms} ms o menos), de ellos resolver ${homeMiss.t!.resolve.toFixed(1)} y render ${homeMiss.t!.render.toFixed(1)} ms`,
);

// ---- 4: several processes ----
const workers = spawn(process.execPath, ["--import", "tsx", "tests/bench/workers.bench.ts"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
await new Promise((resolve) => workers.once("exit", resolve));

// ---- 5: feeds and sitemaps: the sitemap index and the Google News sitemap, cold (first request
// after start), with the content cache warm and with the page cache warm (tests/bench/outputs.bench.ts;
// alone: npm run bench:outputs; docs/decisions/0016-output-types.md) ----
const { benchOutputs } = await import("./outputs.bench");
await benchOutputs();
