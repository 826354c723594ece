// The sitemap index and the Google News sitemap of the production server (the end of npm run bench;
// alone: npm run bench:outputs)
// (docs/decisions/0016-output-types.md), on the seeded corpus, in three states:
//   cold:  the first request after start, content cache and page cache empty (median of COLD_RUNS
//          fresh starts is too slow for a bench: one start, each output asked once);
//   warm content cache, page cache off (PAGE_CACHE_SECONDS=0): every request resolves and writes
//          the output from cached content;
//   warm page cache: what crawlers get almost always (req/s, p50, p99).
// Browsers and crawlers ask for gzip, and so does every request here.
import { resolve } from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server";

const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const GZIP = { "accept-encoding": "gzip, deflate, br" };
const PORT = Number(process.env.BENCH_PORT || 3200) + 10;
const OUTPUTS = {
  "índice de mapas": "/arc/outboundfeeds/sitemap-index/?outputType=xml",
  "mapa de Google Noticias": "/arc/outboundfeeds/news-sitemap/?outputType=xml",
};

/** One request: the client's milliseconds, the server's (Server-Timing resolve), the size. */
async function once(base: string, path: string) {
  const started = performance.now();
  const response = await fetch(base + path, { headers: GZIP });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${path} respondió ${response.status}`);
  const server = Number(/resolve;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN);
  return { ms: performance.now() - started, serverMs: server, bytes: body.byteLength };
}

async function load(base: string, path: string) {
  const result = await autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION, headers: GZIP });
  if (result.non2xx || result.errors) throw new Error(`${path}: ${result.non2xx} respuestas no 2xx, ${result.errors} errores`);
  return { reqPerSec: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99 };
}

/** Measures both outputs cold, with the content cache warm and with the page cache warm, and prints a table. */
export async function benchOutputs(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  const fixed = (value: number) => Math.round(value * 10) / 10;

  // Page cache off: the cold request and then the content cache warm.
  const uncached = await startBenchServer(PORT, { PAGE_CACHE_SECONDS: "0" });
  try {
    for (const [name, path] of Object.entries(OUTPUTS)) {
      const cold = await once(uncached.base, path);
      rows.push({
        salida: name,
        estado: "frío (primera petición)",
        "ms cliente": fixed(cold.ms),
        "ms servidor": fixed(cold.serverMs),
        "KB gzip": fixed(cold.bytes / 1024),
      });
      const warm = await load(uncached.base, path);
      rows.push({ salida: name, estado: "caché de contenido caliente", "req/s": warm.reqPerSec, "p50 ms": warm.p50, "p99 ms": warm.p99 });
    }
  } finally {
    await uncached.stop();
  }

  const cached = await startBenchServer(PORT + 1);
  try {
    for (const [name, path] of Object.entries(OUTPUTS)) {
      await once(cached.base, path);
      const warm = await load(cached.base, path);
      rows.push({ salida: name, estado: "caché de páginas caliente", "req/s": warm.reqPerSec, "p50 ms": warm.p50, "p99 ms": warm.p99 });
    }
  } finally {
    await cached.stop();
  }
  console.log("\nmapas del sitio (docs/decisions/0016-output-types.md)");
  console.table(rows);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) await benchOutputs();
