// npm run dev: the server with the editors' tools, restarted on every code change
// (docs/decisions/0078-dev-reload.md). This supervisor keeps Remix's compiler warm (esbuild
// contexts that rebuild only what changed, in production mode: the same build/ and public/build/ as
// `remix build`), watches the code, and after each good build replaces the server process
// (server/cli/start.ts as a dev child, server/cli/dev-child.ts): the new one loads its code while the
// old one still serves, then takes over; the open tabs reload through the live-preview stream. A
// build that fails, or a new process that dies while loading, leaves the last good one serving, with
// the errors shown over its pages. Never used by `npm start`.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { create as createCompiler } from "@remix-run/dev/dist/compiler/compiler.js";
import { createFileWatchCache } from "@remix-run/dev/dist/compiler/fileWatchCache.js";
import { logger as remixLogger } from "@remix-run/dev/dist/tux/logger.js";
import { buildFile, buildIsStale } from "../build";
import { watchFolder } from "../editor/watch-folder";
import { loggerFor } from "../../platform/log";
import { ConfigError, readSettings, type Settings } from "../../platform/settings";
import { DEV_CHILD_FLAG, type FromChild, type ToChild } from "./dev-child";

const root = process.cwd();
/** The code a server process runs (page definitions are the live preview's: server/editor/workspace.ts). */
const CODE_FOLDERS = ["blocks", "runtime", "server", "domain", "brands", "tooling", "platform", "accounts", "schemas"];
const isCode = (file: string) => !/\.test\.tsx?$|\/node_modules\/|\/__snapshots__\//.test(file);
/** Lines of a dying process's standard error shown over the page. */
const TAIL_LINES = 20;

let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[error] el servidor no arranca: ${error.message}`);
  process.exit(1);
}
const logger = loggerFor(settings);
const relative = (file: string) => path.relative(root, file);

// Remix's compiler, as `remix build` runs it, kept between builds.
const fileWatchCache = createFileWatchCache();
const compiler = await createCompiler({
  config: await readConfig(root),
  options: { mode: "production", sourcemap: false },
  fileWatchCache,
  logger: remixLogger,
});

/** Builds; answers the errors, one line each (file:line:column  message), or none. */
async function compile(): Promise<string[]> {
  try {
    await compiler.compile();
    return [];
  } catch (error) {
    const messages = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
    if (!messages?.length) return [String((error as Error)?.message ?? error)];
    return messages.map(({ text, location }) => (location ? `${location.file}:${location.line}:${location.column + 1}  ${text}` : text));
  }
}

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves true on the child's message of that type, false if it exits first. */
  says(type: FromChild["type"]): Promise<boolean>;
  /** The last lines of its standard error. */
  tail: string[];
}

function spawnChild(): Child {
  const child = fork(path.join(root, "server", "cli", "start.ts"), [DEV_CHILD_FLAG], {
    execArgv: ["--import", "tsx"],
    stdio: ["inherit", "inherit", "pipe", "ipc"],
  });
  const tail: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail.push(...String(chunk).split("\n").filter(Boolean));
    tail.splice(0, tail.length - TAIL_LINES);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const says = (type: FromChild["type"]) =>
    new Promise<boolean>((resolve) => {
      const heard = (message: FromChild) => {
        if (message.type !== type) return;
        child.off("message", heard);
        resolve(true);
      };
      child.on("message", heard);
      void exited.then(() => resolve(false));
    });
  return { process: child, exited, says, tail };
}

const send = (child: Child | undefined, message: ToChild) => child?.process.connected && child.process.send(message);

let current: Child | undefined;
let stopping = false;

/** Replaces the serving process by a new one; false when the new one did not start. */
async function restart(): Promise<boolean> {
  const started = performance.now();
  const next = spawnChild();
  if (!(await next.says("loaded"))) return failed(next);
  const previous = current;
  current = undefined;
  send(previous, { type: "stop" });
  await previous?.exited;
  send(next, { type: "go" });
  if (!(await next.says("ready"))) return failed(next);
  current = next;
  void next.exited.then((code) => {
    if (current === next && !stopping) logger.error("el servidor terminó solo; guarde un cambio para arrancarlo de nuevo", { code });
  });
  logger.info("servidor reiniciado con el código nuevo", { ms: Math.round(performance.now() - started) });
  return true;
}

function failed(child: Child): false {
  const lines = ["el servidor nuevo no arrancó (sigue el anterior, si lo hay):", ...child.tail];
  logger.error("el servidor nuevo no arrancó; corrija el código y guarde", { problems: child.tail });
  send(current, { type: "build-problems", lines });
  return false;
}

// Changed files wait here; one step at a time takes them all: build, then restart.
const pending = new Set<string>();
let queue = Promise.resolve();
let timer: ReturnType<typeof setTimeout> | undefined;

async function step() {
  if (!pending.size || stopping) return;
  const files = [...pending];
  pending.clear();
  for (const file of files) fileWatchCache.invalidateFile(file);
  logger.info("recompilando…", { files: files.slice(0, 5).map(relative), more: Math.max(0, files.length - 5) || undefined });
  const started = performance.now();
  const problems = await compile();
  if (problems.length) {
    logger.error("la compilación falló; sigue sirviendo la última versión buena", { problems });
    send(current, { type: "build-problems", lines: problems });
    return;
  }
  logger.info("compilado", { ms: Math.round(performance.now() - started) });
  await restart();
}

const watchers = CODE_FOLDERS.filter((folder) => fs.existsSync(path.join(root, folder))).map((folder) =>
  watchFolder(
    path.join(root, folder),
    (file) => {
      if (!isCode(file)) return;
      pending.add(file);
      // One step per burst of events (a save is several).
      clearTimeout(timer);
      timer = setTimeout(() => (queue = queue.then(step)), 30);
    },
    { poll: settings.PAGES_WATCH_POLL === "1", logger },
  ),
);
await Promise.all(watchers.map((watcher) => watcher.ready));

// First start: build when the build is older than the code (else the first build only warms the
// compiler, after the server is up), then serve; a failed build serves the build there is, if any.
const stale = buildIsStale(root);
if (stale) logger.info("compilando la aplicación…");
const problems = stale ? await compile() : [];
if (problems.length) logger.error("la compilación falló", { problems });
if (!fs.existsSync(buildFile(root))) logger.error("no hay compilación que servir: corrija el código y guarde");
// A first start that failed (the port taken, a page with problems) ends `npm run dev`, as before.
else if (!(await restart())) process.exit(1);
else if (problems.length) send(current, { type: "build-problems", lines: problems });
else if (!stale)
  queue = queue.then(async () => {
    const found = await compile();
    if (found.length) send(current, { type: "build-problems", lines: found });
  });

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    stopping = true;
    clearTimeout(timer);
    send(current, { type: "stop" });
    await current?.exited;
    await Promise.all(watchers.map((watcher) => watcher.close()));
    await compiler.dispose();
    process.exit(0);
  });
}
