// The tests that run the server as a process of its own (the kill chain, the cluster, the end-to-end
// suite) run server/cli/start.ts compiled by esbuild into plain JavaScript (server/server-bundle.ts):
// the same code without tsx's loader (the kill chain alone starts 12 servers).
// Usable as a command too: `node --import tsx tests/support/compiled-server.ts <folder>`.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { serverBundleOptions, serverEntry } from "../../server/server-bundle";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * Compiles the server into `folder` (made anew; several processes may ask at once: each writes a
 * folder of its own and the first to finish puts it in place) and returns the file to run.
 */
export async function compileServer(folder: string): Promise<string> {
  const started = `${folder}.${process.pid}-${Date.now()}`;
  await build({ ...serverBundleOptions(started), logLevel: "warning" });
  try {
    fs.renameSync(started, folder);
  } catch {
    fs.rmSync(started, { recursive: true, force: true }); // another process put its copy in place first
  }
  return compiledEntry(folder);
}

/** The file to run in a folder compileServer wrote. */
export function compiledEntry(folder: string): string {
  return serverEntry(folder);
}

/** The server compiled once for this test run (in TEST_RUN_DIR, tests/support/run-folder.ts). */
export async function compiledServerForRun(): Promise<string> {
  const runFolder = process.env.TEST_RUN_DIR;
  if (!runFolder) throw new Error("TEST_RUN_DIR no está definida: la define la configuración global de vitest (tests/support/run-folder.ts)");
  const folder = path.join(runFolder, "servidor-compilado");
  const file = compiledEntry(folder);
  return fs.existsSync(file) ? file : compileServer(folder);
}

/** Where the end-to-end run's web server compiles the server (playwright.config.ts); its specs' servers start it too. */
export function endToEndServerFolder(port: number): string {
  return path.join(root, ".cache", `e2e-servidor-${port}`);
}

/** The command line that runs the compiled server (stack traces point at the TypeScript sources). */
export function serverCommand(file: string): string[] {
  return [process.execPath, "--enable-source-maps", file];
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const folder = process.argv[2];
  if (!folder) throw new Error("uso: node --import tsx tests/support/compiled-server.ts <carpeta>");
  fs.rmSync(folder, { recursive: true, force: true });
  await compileServer(path.resolve(folder));
}
