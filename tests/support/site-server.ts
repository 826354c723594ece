// The whole site over real HTTP for integration and security tests: boot (content store on PGlite in
// a temporary folder, accounts, paywall views) with a small corpus, the production build, and the
// HTTP app on an ephemeral port. What `npm start` runs, minus the generated corpus and images.
import fs from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { boot, type BootOptions, type Booted } from "../../server/boot";
import { buildFile, ensureBuild } from "../../server/build";
import type { SeedCorpus } from "../../server/content/corpus";
import { makeTestCorpus } from "../../server/content/testing/corpus";
import type { PageCacheOptions } from "../../server/http/page-cache";
import { serveSite, type Served } from "../../server/http/serve";
import { silentLogger } from "../../server/log";
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
}

const root = path.resolve(import.meta.dirname, "../..");

export async function startSiteServer(options: SiteServerOptions = {}): Promise<SiteServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "sitio-"));
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
  const booted = await boot(env, options.logger ?? silentLogger, { makeCorpus: () => corpus, drawImages: false, ...options.boot });
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
