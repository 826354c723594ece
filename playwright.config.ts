import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { DEFAULT_NOW } from "./server/content/seed";
import { compiledEntry, endToEndServerFolder } from "./tests/support/compiled-server";
import { emptyClusterFile } from "./tests/support/pglite-template";
import { linkSharedImages } from "./tests/support/shared-images";

const PORT = Number(process.env.E2E_PORT || 3123);
const DATA_DIR = process.env.E2E_DATA_DIR || `.cache/e2e-data-${PORT}`;
const SERVER_JS = endToEndServerFolder(PORT);
/** The local OpenID provider that stands for Google (tests/e2e/openid-provider.ts). */
const OIDC_PORT = Number(process.env.E2E_OIDC_PORT || PORT + 1000);
const OIDC_CLIENT = { id: "bloques-e2e", secret: "secreto-e2e" };
// The servers of this run (this one, the editor's, the captcha one) draw the source images once.
linkSharedImages(DATA_DIR);
// Their new databases copy the empty cluster the Vitest suites keep, where there is one, instead of
// running initdb (2 s of each start; tests/support/pglite-template.ts).
const EMPTY_CLUSTER = emptyClusterFile();
if (fs.existsSync(EMPTY_CLUSTER)) process.env.PGLITE_TEMPLATE ??= EMPTY_CLUSTER;

// Chromium from Debian: Playwright cannot download its own browsers on these machines. Its headless
// shell (package chromium-headless-shell) where installed: the same engine without the browser's
// interface, which took as much CPU as the pages; the suite ran in a third of the time with it.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

/** Every spec runs in Chromium at desktop size; specs set a phone's viewport where they need one. */
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 768 }, launchOptions: chromium };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  // Three browsers, each taking whole files: with two, a test spent so much of its time waiting on
  // the page that the two cores were a third idle (the suite took 419 s with two, 372 s with three).
  workers: Number(process.env.E2E_WORKERS || 3),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    // The editors' tools start a development server of their own (a copy of the pages, the tools on).
    // First: its server starts while the other worker runs the readers' specs, instead of at the
    // end with that worker idle.
    { name: "editor", testMatch: /editor\.spec\.ts$/, use: desktop },
    {
      name: "desktop",
      testIgnore: /editor\.spec\.ts$/,
      use: desktop,
    },
  ],
  webServer: [
    {
      // Social sign-in: the server is configured with Google at this provider (GOOGLE_* below).
      command: "node --import tsx tests/e2e/openid-provider.ts",
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: { OIDC_PORT: String(OIDC_PORT), SITE_ORIGIN: `http://localhost:${PORT}`, OIDC_CLIENT_ID: OIDC_CLIENT.id, OIDC_CLIENT_SECRET: OIDC_CLIENT.secret },
    },
    {
      // A fresh database each run: the tests know the seeded content by generating the same corpus, and
      // a database seeded by an older generator would not match it (the drawn images are shared, above).
      // The server compiled to JavaScript (tests/support/compiled-server.ts): a start without tsx's loader.
      command: [
        `node -e 'fs.rmSync(process.argv[1], { recursive: true, force: true })' ${JSON.stringify(`${DATA_DIR}/pglite`)}`,
        `node --import tsx tests/support/compiled-server.ts ${JSON.stringify(SERVER_JS)}`,
        `node --enable-source-maps ${JSON.stringify(compiledEntry(SERVER_JS))}`,
      ].join(" && "),
      url: `http://localhost:${PORT}/healthz`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        PORT: String(PORT),
        NODE_ENV: "production",
        BLOCKS_DEBUG: "1",
        DATA_DIR,
        DEV_MAILBOX: "1",
        // The corpus is dated from this moment, not from the day of the run: the specs know it as
        // generateCorpus() gives it (DEFAULT_NOW, server/content/seed), and the site's clock stays the system's.
        SEED_NOW: DEFAULT_NOW.toISOString(),
        // The checkout buys with the test payment provider, which production mode only offers when asked.
        PAYMENTS_TEST_PROVIDER: "1",
        // The renewal test clock (POST /_pruebas/renovaciones: a renewal pass as of a later moment).
        ACCOUNTS_TEST_CLOCK: "1",
        // The tests stand for many readers, each with its own address (the accounts rate limits count
        // per address), through a proxy on this machine.
        TRUST_PROXY: "loopback",
        // "Acceder con Google" signs in at the local OpenID provider above.
        GOOGLE_CLIENT_ID: OIDC_CLIENT.id,
        GOOGLE_CLIENT_SECRET: OIDC_CLIENT.secret,
        GOOGLE_ISSUER: `http://localhost:${OIDC_PORT}`,
      },
    },
  ],
});
