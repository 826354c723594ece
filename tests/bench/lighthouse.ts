// npm run lighthouse — Lighthouse mobile (Moto G Power emulation, default simulated throttling) on
// the production server with the embedded default content: the home, a section page, a default
// article, a gallery, a live blog and a video page of every brand that has them in the seeded
// corpus. Prints the four category scores and LCP, TBT and CLS per page, and exits 1 when a page
// misses a goal (docs/decisions/0014-page-weight-and-images.md).
//
//   npm run lighthouse                        every page of every brand
//   npm run lighthouse -- soho                one brand (several: soho fucsia)
//   npm run lighthouse -- semana article      some page kinds of some brands
//   npm run lighthouse -- soho:/mujeres-soho/ a path on a brand's host
//   npm run lighthouse -- http://…            a URL as it is (no server started unless it is ours)
//   npm run lighthouse -- --runs=3 home       each page three times, the median run reported
//   npm run lighthouse -- --editor            the page editor with fucsia/home.json open (the server
//                                             started with EDITOR=1); its goal is accessibility alone
//   npm run lighthouse -- --editor=semana/nacion.json   another page file in the editor
//   npm run lighthouse -- --fresh             a new database (seeded again) before measuring
//
// The pages are measured one after the other (the machine has two cores); the server runs on
// LIGHTHOUSE_PORT (default 3300) with its data in .cache/lighthouse-data. Full reports (JSON) go to
// .cache/lighthouse/. Scores vary a few points between runs on a shared machine: run a borderline
// page with --runs=3.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import lighthouse from "lighthouse";
import { brandIds, DEFAULT_BRAND, type BrandId } from "../../domain/brands";
import { DEFAULT_NOW } from "../../server/content/seed";
import { PAGE_KINDS, seededPages, type PageKind } from "./lighthouse-pages";

const PORT = Number(process.env.LIGHTHOUSE_PORT || 3300);
const DATA_DIR = process.env.LIGHTHOUSE_DATA_DIR || ".cache/lighthouse-data";
const REPORTS_DIR = ".cache/lighthouse";
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** The goals every page must reach (issue #11). */
const GOALS = { performance: 95, accessibility: 95, "best-practices": 100, seo: 100, cls: 0.02 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

interface Target {
  label: string;
  url: string;
  /** The page editor (/_editor/), not a reader's page: only the accessibility goal applies. */
  editor?: true;
}

/** The page file the editor opens for --editor (docs/editor-tools.md#accessibility). */
const EDITOR_FILE = "fucsia/home.json";

interface Measure {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  /** Audits that cost points, per category missing its goal. */
  misses: string[];
}

// --- Which pages ------------------------------------------------------------------------------

const origin = (brand: BrandId) => (brand === DEFAULT_BRAND ? `http://localhost:${PORT}` : `http://${brand}.localhost:${PORT}`);

function parseArguments(argv: string[]) {
  const wantedBrands = new Set<BrandId>();
  const wantedKinds = new Set<PageKind>();
  const extra: Target[] = [];
  let runs = 1;
  let fresh = false;
  for (const arg of argv) {
    if (arg === "--fresh") fresh = true;
    else if (arg === "--editor" || arg.startsWith("--editor=")) {
      const file = arg.slice("--editor=".length) || EDITOR_FILE;
      extra.push({ label: `editor ${file}`, url: `${origin(DEFAULT_BRAND)}/_editor/?archivo=${encodeURIComponent(file)}`, editor: true });
    } else if (arg.startsWith("--runs=")) runs = Math.max(1, Number(arg.slice(7)) || 1);
    else if (/^https?:\/\//.test(arg)) extra.push({ label: arg, url: arg });
    else if ((brandIds as readonly string[]).includes(arg)) wantedBrands.add(arg as BrandId);
    else if ((PAGE_KINDS as readonly string[]).includes(arg)) wantedKinds.add(arg as PageKind);
    else if (/^([a-z]+:)?\//.test(arg)) {
      const [brand, pathname] = arg.startsWith("/") ? [DEFAULT_BRAND, arg] : [arg.slice(0, arg.indexOf(":")), arg.slice(arg.indexOf(":") + 1)];
      if (!(brandIds as readonly string[]).includes(brand)) throw new Error(`marca desconocida: ${brand} (marcas: ${brandIds.join(", ")})`);
      extra.push({ label: `${brand} ${pathname}`, url: origin(brand as BrandId) + pathname });
    } else {
      throw new Error(
        `argumento no reconocido: ${arg} (marcas: ${brandIds.join(", ")}; páginas: ${PAGE_KINDS.join(", ")}; una URL; brand:/ruta; --editor[=marca/archivo.json]; --runs=N; --fresh)`,
      );
    }
  }
  const targets: Target[] = [];
  if (!extra.length || wantedBrands.size || wantedKinds.size) {
    for (const [brand, kinds] of seededPages()) {
      if (wantedBrands.size && !wantedBrands.has(brand)) continue;
      for (const kind of PAGE_KINDS) {
        const pathname = kinds[kind];
        if (pathname && (!wantedKinds.size || wantedKinds.has(kind))) targets.push({ label: `${brand} ${kind}`, url: origin(brand) + pathname });
      }
    }
  }
  return { targets: [...targets, ...extra], runs, fresh };
}

// --- The server and the browser ---------------------------------------------------------------

const ours = (url: string) => new URL(url).port === String(PORT) && /(^|\.)localhost$/.test(new URL(url).hostname);

const DATABASE_DIR = path.join(DATA_DIR, "pglite");

/** The production server on PORT: started, and started again when it stops (a shared machine). */
class Server {
  private process?: ChildProcess;

  /** With the editors' tools on (EDITOR=1), for --editor. */
  constructor(private readonly editor = false) {}

  async start(fresh: boolean): Promise<void> {
    // The seed corpus matches generateCorpus() only in a database seeded by this generator.
    if (fresh) fs.rmSync(DATABASE_DIR, { recursive: true, force: true });
    const child = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts"], {
      // Dated as generateCorpus() dates it (seededPages), whatever the day of the run.
      env: {
        ...process.env,
        PORT: String(PORT),
        NODE_ENV: "production",
        DATA_DIR,
        LOG_LEVEL: process.env.LOG_LEVEL || "warn",
        SEED_NOW: DEFAULT_NOW.toISOString(),
        ...(this.editor ? { EDITOR: "1" } : {}),
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code, signal) => {
      if (this.process === child) console.error(`[error] el servidor terminó (${signal ? `señal ${signal}` : `código ${code}`})`);
    });
    this.process = child;
    for (let i = 0; i < 900; i++) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error("el servidor no arrancó");
      try {
        if ((await fetch(`http://localhost:${PORT}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error("el servidor no arrancó en 7,5 minutos");
  }

  get running(): boolean {
    return !!this.process && this.process.exitCode === null && this.process.signalCode === null;
  }

  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }

  /** On process exit (synchronous): no waiting. */
  kill(): void {
    this.process?.kill("SIGTERM");
  }
}

/** A GET with the URL's Host header (Node does not resolve *.localhost; fetch drops a Host header). */
function get(url: string, accept = "*/*"): Promise<{ status: number; body: Buffer }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: "localhost", port: target.port || 80, path: target.pathname + target.search, headers: { host: target.host, accept } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/**
 * A first visit renders the page and makes the image variants it asks for (resized on first
 * request, then kept on disk, as a CDN would keep them): the measured visit is the usual one.
 */
async function warmUp(url: string): Promise<number> {
  const response = await get(url);
  const html = response.body.toString("utf8");
  const images = new Set<string>();
  for (const match of html.matchAll(/(?:src|srcSet|srcset|href)="([^"]*\/images\/[^"]*)"/g)) {
    for (const candidate of match[1].split(",")) images.add(candidate.trim().split(/\s+/)[0].replaceAll("&amp;", "&"));
  }
  // What Chromium asks for an image: the AVIF variants.
  for (const image of images) await get(new URL(image, url).href, "image/avif,image/webp,image/apng,image/*,*/*;q=0.8");
  return response.status;
}

/** Chromium with a DevTools port of its own, for one Lighthouse run. */
async function launchChromium(): Promise<{ port: number; close: () => Promise<void> }> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-chromium-"));
  const chromium = spawn(
    CHROMIUM,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error(`Chromium no abrió su puerto de DevTools: ${output}`)), 30_000);
    chromium.stderr!.on("data", (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    chromium.on("exit", (code) => reject(new Error(`Chromium terminó (código ${code}): ${output}`)));
  });
  return {
    port,
    close: async () => {
      const exited = new Promise((resolve) => chromium.once("exit", resolve));
      chromium.kill("SIGTERM");
      await exited;
      // Its helper processes may still be writing the cache for a moment.
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    },
  };
}

// --- Measuring --------------------------------------------------------------------------------

async function measure(target: Target, run: number): Promise<Measure> {
  const browser = await launchChromium();
  try {
    const result = await lighthouse(target.url, { port: browser.port, output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error("Lighthouse no devolvió resultado");
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORTS_DIR, `${target.label.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "")}-${run}.json`), result.report as string);
    const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
    const misses: string[] = [];
    for (const id of goalCategories(target)) {
      if (scores[id] >= GOALS[id]) continue;
      for (const ref of lhr.categories[id].auditRefs) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit.score !== null && audit.score < 1)
          misses.push(`${id}: ${audit.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`);
      }
    }
    return {
      scores,
      lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      misses,
    };
  } finally {
    // A profile folder left in the temporary directory does not spoil the measure.
    await browser.close().catch((error) => console.warn(`[warn] Chromium: ${(error as Error).message}`));
  }
}

function median(measures: Measure[]): Measure {
  const sorted = measures.slice().sort((a, b) => a.scores.performance - b.scores.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The categories whose goal a target must reach: the editor is a tool on the editor's machine, not a page readers load or search engines index. */
const goalCategories = (target: Target): readonly Category[] => (target.editor ? ["accessibility"] : CATEGORIES);

function missedGoals(m: Measure, target: Target): string[] {
  const missed: string[] = goalCategories(target)
    .filter((id) => m.scores[id] < GOALS[id])
    .map((id) => `${id} ${m.scores[id]} < ${GOALS[id]}`);
  if (!target.editor && !(m.cls <= GOALS.cls)) missed.push(`CLS ${m.cls.toFixed(3)} > ${GOALS.cls}`);
  return missed;
}

function printTable(rows: Array<{ target: Target; measure?: Measure; error?: string }>) {
  const header = ["página", "rend.", "acces.", "buenas pr.", "SEO", "LCP", "TBT", "CLS", ""];
  const lines = rows.map(({ target, measure, error }) =>
    measure
      ? [
          target.label,
          ...CATEGORIES.map((id) => String(measure.scores[id])),
          `${(measure.lcp / 1000).toFixed(2)} s`,
          `${Math.round(measure.tbt)} ms`,
          measure.cls.toFixed(3),
          missedGoals(measure, target).length ? "✗" : "✓",
        ]
      : [target.label, "-", "-", "-", "-", "-", "-", "-", `✗ ${error}`],
  );
  const widths = header.map((_, i) => Math.max(header[i].length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i === cells.length - 1 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  console.log(`\n${format(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const line of lines) console.log(format(line));
}

const { targets, runs, fresh } = parseArguments(process.argv.slice(2));
const server = targets.some((target) => ours(target.url)) ? new Server(targets.some((target) => target.editor)) : undefined;
process.on("exit", () => server?.kill());
process.on("SIGINT", () => process.exit(130));

let failed = false;
try {
  if (server) {
    const reused = !fresh && fs.existsSync(DATABASE_DIR);
    await server.start(fresh);
    // A database seeded by an older generator does not have the corpus's URLs: seed it again, once.
    const statuses = await Promise.all(targets.filter((t) => ours(t.url)).map((t) => get(t.url).then((r) => r.status)));
    if (reused && statuses.some((status) => status !== 200)) {
      console.info("[info] la base de datos no tiene las páginas del corpus: se siembra de nuevo");
      await server.stop();
      await server.start(true);
    }
  }
  const rows: Array<{ target: Target; measure?: Measure; error?: string }> = [];
  for (const target of targets) {
    try {
      const stopped = () => !!server && ours(target.url) && !server.running;
      const prepare = async () => {
        if (stopped()) await server!.start(false);
        const status = await warmUp(target.url);
        if (status !== 200) throw new Error(`la página responde ${status}`);
      };
      await prepare();
      const measures: Measure[] = [];
      for (let run = 1; run <= runs; run++) {
        let measured = await measure(target, run);
        // Another process on this machine stopped the server during the run: measure again.
        if (stopped()) {
          await prepare();
          measured = await measure(target, run);
        }
        measures.push(measured);
      }
      const result = median(measures);
      const all = runs > 1 ? ` (rendimiento de cada vez: ${measures.map((m) => m.scores.performance).join(", ")})` : "";
      console.info(`[info] ${target.label}: ${CATEGORIES.map((id) => result.scores[id]).join(" / ")}, CLS ${result.cls.toFixed(3)}${all}  ${target.url}`);
      for (const miss of missedGoals(result, target).length ? result.misses : []) console.info(`         ${miss}`);
      rows.push({ target, measure: result });
      if (missedGoals(result, target).length) failed = true;
    } catch (error) {
      console.error(`[error] ${target.label}: ${(error as Error).message}`);
      rows.push({ target, error: (error as Error).message });
      failed = true;
    }
  }
  printTable(rows);
  console.log(
    `\nObjetivos: rendimiento ≥ ${GOALS.performance}, accesibilidad ≥ ${GOALS.accessibility}, buenas prácticas ${GOALS["best-practices"]}, SEO ${GOALS.seo}, CLS ≤ ${GOALS.cls} (el editor, --editor: accesibilidad).`,
  );
} catch (error) {
  console.error(`[error] ${(error as Error).message}`);
  failed = true;
} finally {
  await server?.stop();
}
process.exit(failed ? 1 : 0);
