import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT || 3123);
const DATA_DIR = process.env.E2E_DATA_DIR || `.cache/e2e-data-${PORT}`;

// Chromium from Debian: Playwright cannot download its own browsers on these machines.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
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

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [{ name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 768 }, launchOptions: chromium } }],
  webServer: {
    // A fresh database each run: the tests know the seeded content by generating the same corpus, and
    // a database seeded by an older generator would not match it (the drawn images are kept).
    command: `node -e 'fs.rmSync(process.argv[1], { recursive: true, force: true })' ${JSON.stringify(`${DATA_DIR}/pglite`)} && node --import tsx server/cli/start.ts`,
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
      // The checkout buys with the test payment provider, which production mode only offers when asked.
      PAYMENTS_TEST_PROVIDER: "1",
      // The tests stand for many readers, each with its own address (the accounts rate limits count
      // per address), through a proxy on this machine.
      TRUST_PROXY: "loopback",
    },
  },
});
