// A scratch copy of the project for a test or benchmark that edits code (npm run dev's reloads):
// the real blocks/ is never touched. Everything is copied but node_modules (linked) and what runs
// or builds leave behind: a link would not do, since esbuild and Node follow a link to the real
// file, and imports from there would read the real blocks/ instead of the copy's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const LEFT_OUT = new Set([".git", "node_modules", "build", "build.lock", "data", ".cache", "test-results", "playwright-report"]);

export function projectCopy(prefix: string): { dir: string; remove(): void } {
  const root = process.cwd();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of fs.readdirSync(root)) {
    if (LEFT_OUT.has(entry)) continue;
    fs.cpSync(path.join(root, entry), path.join(dir, entry), { recursive: true, filter: (from) => from !== path.join(root, "public", "build") });
  }
  fs.symlinkSync(fs.realpathSync(path.join(root, "node_modules")), path.join(dir, "node_modules"));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
