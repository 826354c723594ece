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

/** True when the build is missing or older than one of its sources. */
export function buildIsStale(root: string): boolean {
  const file = buildFile(root);
  return !fs.existsSync(file) || fs.statSync(file).mtimeMs < newestSource(root);
}

const LOCK_STALE_MS = 5 * 60 * 1000;

/** Holds a lock folder while fn runs, so that two processes (test workers) never build at once. */
function withBuildLock<T>(root: string, fn: () => T): T {
  const lock = path.join(root, "build.lock");
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // A lock left by a process that died while building is taken over.
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** Runs `remix build` (production) when the build is missing or stale; returns whether it built. */
export function ensureBuild(root: string, log: (message: string) => void = () => {}): boolean {
  if (!buildIsStale(root)) return false;
  return withBuildLock(root, () => {
    // Another process may have built it while this one waited.
    if (!buildIsStale(root)) return false;
    log("compilando la aplicación (remix build)…");
    execFileSync(process.execPath, [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"], {
      cwd: root,
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, NODE_ENV: "production" },
    });
    return true;
  });
}
