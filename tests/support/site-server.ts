// The whole site over real HTTP for integration and security tests: boot (content store on PGlite in
// memory, or in the DATA_DIR a test names; accounts, paywall views) with a small corpus, the production build, and the
// HTTP app on an ephemeral port. What `npm start` runs, minus the generated corpus and images.
// siteServerForFile starts one for a test file's tests and closes it after them; ask it with
// tests/support/site-http.ts.
import fs from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { boot, type BootOptions, type Booted } from "../../server/boot";
import { buildFile, ensureBuild } from "../../server/build";
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";
import { makeTestCorpus } from "../../server/content/testing/corpus";
import type { PageCacheOptions } from "../../server/http/page-cache";
import { serveSite, type Served } from "../../server/http/serve";
import { silentLogger } from "../../platform/log";
import { readSettings } from "../../platform/settings";
import type { Logger } from "../../runtime/types";

export interface SiteServer {
  origin: string;
  port: number;
  booted: Booted;
  server: Server;
  /** What SIGTERM runs in `npm start`. */
  shutdown: Served["shutdown"];
  shutdownPhase: Served["shutdownPhase"];
  close(): Promise<void>;
}

export interface SiteServerOptions {
  env?: Record<string, string | undefined>;
  corpus?: SeedCorpus;
  pageCache?: PageCacheOptions;
  logger?: Logger;
  boot?: BootOptions;
  /** TRUST_PROXY for the HTTP app (default: none). */
  trustProxy?: string;
  /** Its DATA_DIR, for files (default: a new temporary one, removed by close()); the database stays in memory. */
  dataDir?: string;
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "sitio-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    PAYMENTS_TEST_PROVIDER: "1",
    PUBLIC_ORIGIN: "http://localhost:3000",
    ...options.env,
  };
  if (!options.env?.DATABASE_URL) delete env.DATABASE_URL;
  const corpus = options.corpus ?? makeTestCorpus();
  // PGlite in memory unless the test names a DATA_DIR (a database it prepared) or PostgreSQL: a
  // database in a folder spends most of its start creating and opening files (0.9 s of 2.5 s).
  const database = env.DATABASE_URL || options.env?.DATA_DIR ? undefined : {};
  const booted = await boot(readSettings(env), options.logger ?? silentLogger, { makeCorpus: () => corpus, drawImages: false, database, ...options.boot });
  ensureBuild(root);
  const build = await import(pathToFileURL(buildFile(root)).href);
  const { server, port, shutdown, shutdownPhase } = await serveSite(booted, {
    build,
    port: 0,
    host: "127.0.0.1",
    production: true,
    pageCache: options.pageCache ?? { freshSeconds: 30, staleSeconds: 60 },
    trustProxy: options.trustProxy ?? "false",
  });
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    booted,
    server,
    shutdown,
    shutdownPhase,
    async close() {
      if (server.listening) {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
      await booted.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** React's development build (vitest) warns about the router's layout effects on every server render. */
export function quietServerRenderWarnings(): void {
  const error = console.error;
  vi.spyOn(console, "error").mockImplementation((...args) => {
    if (!String(args[0]).includes("useLayoutEffect does nothing on the server")) error(...args);
  });
}

/** A test file's site server and the corpus it serves, once its beforeAll has run. */
export interface FileSiteServer {
  readonly site: SiteServer;
  readonly corpus: SeedCorpus;
}

/**
 * Starts a site server for the test file before its tests, server render warnings quieted, with the
 * options `options` gives then (the corpus made there too), and closes it after them. Read `site`
 * and `corpus` from tests and later hooks; before the server has started they throw. The hooks are
 * vitest's globals, as `vi` above: the benches (tests/bench/weight.bench.ts) load this file without vitest.
 */
export function siteServerForFile(options: () => SiteServerOptions & { corpus: SeedCorpus }, timeout = 300_000): FileSiteServer {
  let started: { site: SiteServer; corpus: SeedCorpus } | undefined;
  beforeAll(async () => {
    quietServerRenderWarnings();
    const chosen = options();
    started = { site: await startSiteServer(chosen), corpus: chosen.corpus };
  }, timeout);
  afterAll(async () => {
    await started?.site.close();
  });
  return readWhenStarted(() => started, "siteServerForFile");
}

function readWhenStarted(started: () => { site: SiteServer; corpus: SeedCorpus } | undefined, helper: string): FileSiteServer {
  const get = () => {
    const value = started();
    if (!value) throw new Error(`el servidor del sitio aún no ha arrancado (${helper})`);
    return value;
  };
  return {
    get site() {
      return get().site;
    },
    get corpus() {
      return get().corpus;
    },
  };
}

let generatedSite: Promise<{ site: SiteServer; corpus: SeedCorpus }> | undefined;

/**
 * The site with the generated corpus (generateCorpus()) and the default settings, started once per
 * test process and shared by the files that ask for it: starting one seeds 3,000 documents, about
 * 12 s of CPU. For files that read pages, and write only what no other test reads (a new reader, a
 * request of their own); a file that changes content, settings or the clock starts its own with
 * siteServerForFile. Its DATA_DIR is in the run's folder (tests/support/run-folder.ts), removed
 * when the run ends; the server ends with the process. Read `corpus`, never change it.
 */
export function generatedSiteForFile(timeout = 300_000): FileSiteServer {
  let started: { site: SiteServer; corpus: SeedCorpus } | undefined;
  beforeAll(async () => {
    quietServerRenderWarnings();
    generatedSite ??= (() => {
      const corpus = generateCorpus();
      const runFolder = process.env.TEST_RUN_DIR;
      const dataDir = runFolder ? fs.mkdtempSync(path.join(runFolder, "sitio-")) : undefined;
      return startSiteServer({ corpus, dataDir }).then((site) => ({ site, corpus }));
    })();
    started = await generatedSite;
  }, timeout);
  return readWhenStarted(() => started, "generatedSiteForFile");
}
