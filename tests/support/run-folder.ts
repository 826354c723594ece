// Global setup of the vitest suites: one temporary folder for the run (TEST_RUN_DIR), for what lives
// as long as a test process rather than a test file (the shared site of tests/support/site-server.ts,
// the compiled server of tests/support/compiled-server.ts), removed when the run ends. Inside the
// project's .cache/: the compiled server finds its packages in node_modules from there.
import fs from "node:fs";
import path from "node:path";

export default function setup() {
  const cache = path.resolve(import.meta.dirname, "../../.cache");
  fs.mkdirSync(cache, { recursive: true });
  const folder = fs.mkdtempSync(path.join(cache, "prueba-"));
  process.env.TEST_RUN_DIR = folder;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
