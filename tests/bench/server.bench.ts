// npm run bench — the production server under load, in one run: a trivial route, the home page and
// an article page on a warm cache (req/s, p50, p99 with autocannon), and each page's server time
// (resolution and render, from the Server-Timing header). Aim: home at 50 % or more of the trivial
// route's req/s.
import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

const PORT = Number(process.env.BENCH_PORT || 3200);
const DURATION = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
const base = `http://localhost:${PORT}`;

const server = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts"], {
  env: { ...process.env, PORT: String(PORT), NODE_ENV: "production", DATA_DIR: process.env.DATA_DIR || ".cache/bench-data" },
  stdio: ["ignore", "inherit", "inherit"],
});
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("el servidor no arrancó");
}

function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? "").split(",")) {
    const [name, ...params] = part.trim().split(";");
    const dur = params.find((p) => p.trim().startsWith("dur="));
    if (name && dur) out[name] = Number(dur.trim().slice(4));
  }
  return out;
}

async function timings(path: string, runs = 30) {
  const rows: Array<Record<string, number>> = [];
  // A query string of its own per request: the page cache must not answer, the renderer must.
  const clean = path.replace(/\?sin-cache$/, "");
  for (let i = 0; i < runs; i++) {
    rows.push(serverTiming((await fetch(`${base}${clean}${clean.includes("?") ? "&" : "?"}medir=${i}`)).headers.get("server-timing")));
  }
  const median = (key: string) => {
    const values = rows
      .map((r) => r[key] ?? NaN)
      .filter((v) => !Number.isNaN(v))
      .sort((a, b) => a - b);
    return values.length ? values[Math.floor(values.length / 2)] : NaN;
  };
  return { resolve: median("resolve"), render: median("render") };
}

function load(path: string): Promise<autocannon.Result> {
  if (path.endsWith("?sin-cache")) {
    // A new query string per request misses the page cache: the renderer's own throughput.
    let n = 0;
    return autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [{ setupRequest: (req: any) => ({ ...req, path: `${path}=${n++}` }) }],
    });
  }
  return autocannon({ url: base + path, connections: CONNECTIONS, duration: DURATION });
}

try {
  await waitForServer();
  const home = await (await fetch(`${base}/`)).text();
  const articlePath = [...home.matchAll(/href="(\/[^"]+\/articulo\/[^"]+)"/g)].map((m) => m[1])[0];
  if (!articlePath) throw new Error("la portada no enlaza ningún artículo");
  const routes: Array<[string, string]> = [
    ["ruta trivial (/healthz)", "/healthz"],
    ["portada (/)", "/"],
    [`artículo (${articlePath.slice(0, 40)}…)`, articlePath],
    ["portada sin caché de páginas", "/?sin-cache"],
    ["artículo sin caché de páginas", `${articlePath}?sin-cache`],
  ];
  for (const [, path] of routes.slice(0, 3)) await timings(path, 5); // warm the content cache
  const results: Array<{ name: string; result: autocannon.Result; t?: { resolve: number; render: number } }> = [];
  for (const [name, path] of routes) {
    const result = await load(path);
    results.push({ name, result, t: path === "/healthz" ? undefined : await timings(path) });
  }
  console.log(`\nbench — ${CONNECTIONS} conexiones, ${DURATION} s por ruta, NODE_ENV=production, caché caliente`);
  console.log("ruta                                          req/s     p50 ms   p99 ms   errores   resolver ms   render ms");
  for (const { name, result, t } of results) {
    console.log(
      `${name.padEnd(44)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p99).padStart(8)} ${String(result.errors + result.non2xx).padStart(9)}   ${t ? t.resolve.toFixed(1).padStart(9) : "        -"}   ${t ? t.render.toFixed(1).padStart(8) : "       -"}`,
    );
  }
  const ratio = results[1].result.requests.average / results[0].result.requests.average;
  console.log(`portada / ruta trivial: ${(ratio * 100).toFixed(0)} % (meta: 50 % o más)`);
  // What a reader's browser downloads for the home page: its scripts and styles, gzipped.
  const assets = [...new Set([...home.matchAll(/(?:src|href)="(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]))];
  let js = 0;
  let css = 0;
  for (const asset of assets) {
    const size = gzipSync(Buffer.from(await (await fetch(base + asset)).arrayBuffer())).length;
    if (asset.endsWith(".js")) js += size;
    else css += size;
  }
  const html = gzipSync(Buffer.from(home)).length;
  console.log(
    `portada en el navegador (gzip): HTML ${(html / 1024).toFixed(1)} KiB, JavaScript ${(js / 1024).toFixed(1)} KiB, CSS ${(css / 1024).toFixed(1)} KiB (${assets.length} archivos)`,
  );
} finally {
  stop();
}
