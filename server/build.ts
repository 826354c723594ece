// The production build (remix build): whether it is older than its sources, and building it. Used by
// `npm start` (builds when needed) and by the tests that read the build's metafiles.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What the build is made from: a newer file here makes the build stale. */
const BUILD_SOURCES = ["server", "blocks", "runtime", "brands", "domain", "remix.config.js", "postcss.config.cjs", "package-lock.json"];

function newestSource(root: string): number {
  let newest = 0;
  for (const entry of BUILD_SOURCES) {
    const full = path.join(root, entry);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const file of fs.readdirSync(full, { recursive: true, encoding: "utf8" })) {
        if (!/\.test\.tsx?$/.test(file)) newest = Math.max(newest, fs.statSync(path.join(full, file)).mtimeMs);
      }
  }
  return newest;
}

export function buildFile(root: string): string {
  return path.join(root, "build", "index.js");
}

export function buildIsStale(root: string): boolean {
  const file = buildFile(root);
  return !fs.existsSync(file) || fs.statSync(file).mtimeMs < newestSource(root);
}

/** Runs `remix build` (production) when the build is missing or stale; returns whether it built. */
export function ensureBuild(root: string, log: (message: string) => void = () => {}): boolean {
  if (!buildIsStale(root)) return false;
  log("compilando la aplicación (remix build)…");
  execFileSync(process.execPath, [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: { ...process.env, NODE_ENV: "production" },
  });
  return true;
}
