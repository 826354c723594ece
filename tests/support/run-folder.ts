// Global setup of the vitest suites: one temporary folder for the run (TEST_RUN_DIR), for what lives
// as long as a test process rather than a test file (the shared site of tests/support/site-server.ts),
// removed when the run ends.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export default function setup() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "bloques-prueba-"));
  process.env.TEST_RUN_DIR = folder;
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
