// npm run dev: the server with the editors' tools, brought up to date on every code change
// (docs/decisions/0078-dev-reload.md). This supervisor keeps two compilers warm (esbuild contexts
// that rebuild only what changed): Remix's, in production mode (the same build/ and public/build/ as
// `remix build`), and the server process's own code (server/server-bundle.ts: plain JavaScript, no
// tsx at start). It watches the code; after each good build, a change only to what the Remix build
// holds (components, styles, server/app) is loaded in place by the serving process, and any other
// replaces the process (server/cli/start.ts as a dev child, server/cli/dev-child.ts): the new one
// loads its code while the old one still serves, then takes over. The open tabs reload through the
// live-preview stream. A build that fails, or a new process that dies while loading, leaves the last
// good one serving, with the errors shown over its pages. Never used by `npm start`.
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import { create as createCompiler } from "@remix-run/dev/dist/compiler/compiler.js";
import { createFileWatchCache } from "@remix-run/dev/dist/compiler/fileWatchCache.js";
import { logger as remixLogger } from "@remix-run/dev/dist/tux/logger.js";
import { context as esbuildContext, type Metafile } from "esbuild";
import { buildFile, buildIsStale } from "../build";
import { serverBundleOptions, serverEntry } from "../server-bundle";
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
/** Where the server process's code is compiled (outside the watched folders). */
const CHILD_FOLDER = path.join(root, ".cache", "dev-servidor");
/** Files a build may load in place: modules and stylesheets (a JSON file may be read from disk at boot). */
const SWAPPABLE = /\.(tsx?|jsx?|css)$/;
/**
 * Builds one process loads in place before it is replaced instead: each stays in memory (an ES
 * module is never unloaded), about 4 MB of resident memory each, measured.
 */
const MAX_SWAPS = 20;

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

// The server process's code, compiled as the end-to-end servers' is; its metafile names the files it holds.
const childCompiler = await esbuildContext({ ...serverBundleOptions(CHILD_FOLDER), metafile: true });

/** esbuild's errors, one line each (file:line:column  message). */
function problemLines(error: unknown): string[] {
  const messages = (error as { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }).errors;
  if (!messages?.length) return [String((error as Error)?.message ?? error)];
  return messages.map(({ text, location }) => (location ? `${location.file}:${location.line}:${location.column + 1}  ${text}` : text));
}

/** The source files a metafile names, as absolute paths (a plugin's namespace and a query left out). */
function inputsOf(metafile: Pick<Metafile, "inputs"> | undefined): Set<string> {
  return new Set(Object.keys(metafile?.inputs ?? {}).map((input) => path.resolve(root, input.replace(/^[\w-]+:(?!\/\/)/, "").replace(/\?.*$/, ""))));
}

/** What the Remix build holds: the inputs of its server, browser and stylesheet builds (build/metafile.*.json). */
function remixInputs(): Set<string> {
  const inputs = new Set<string>();
  for (const kind of ["server", "js", "css"]) {
    const file = path.join(path.dirname(buildFile(root)), `metafile.${kind}.json`);
    if (fs.existsSync(file)) for (const input of inputsOf(JSON.parse(fs.readFileSync(file, "utf8")))) inputs.add(input);
  }
  return inputs;
}

/** The files the serving process's code holds, and those of the last compile of that code. */
let servingInputs = new Set<string>();
let compiledInputs = new Set<string>();

/** Each build answers its errors, one line each, or none. */
const compileRemix = () =>
  compiler.compile().then(
    () => [],
    (error: unknown) => problemLines(error),
  );
const compileChild = () =>
  childCompiler.rebuild().then(
    ({ metafile }) => {
      compiledInputs = inputsOf(metafile);
      return [];
    },
    (error: unknown) => problemLines(error),
  );
const compile = async () => (await Promise.all([compileRemix(), compileChild()])).flat();

interface Child {
  process: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves with the child's next message of one of these types, undefined if it exits first. */
  says(...types: Array<FromChild["type"]>): Promise<FromChild | undefined>;
  /** The last lines of its standard error. */
  tail: string[];
  /** Builds it loaded in place. */
  swaps: number;
}

function spawnChild(): Child {
  const child = fork(serverEntry(CHILD_FOLDER), [DEV_CHILD_FLAG], {
    execArgv: ["--enable-source-maps"],
    stdio: ["inherit", "inherit", "pipe", "ipc"],
  });
  const tail: string[] = [];
  child.stderr!.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail.push(...String(chunk).split("\n").filter(Boolean));
    tail.splice(0, tail.length - TAIL_LINES);
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const says = (...types: Array<FromChild["type"]>) =>
    new Promise<FromChild | undefined>((resolve) => {
      const heard = (message: FromChild) => {
        if (!types.includes(message.type)) return;
        child.off("message", heard);
        resolve(message);
      };
      child.on("message", heard);
      void exited.then(() => resolve(undefined));
    });
  return { process: child, exited, says, tail, swaps: 0 };
}

const send = (child: Child | undefined, message: ToChild) => child?.process.connected && child.process.send(message);

let current: Child | undefined;
let stopping = false;

/** Replaces the serving process by a new one; false when the new one did not start. */
async function restart(): Promise<boolean> {
  const started = performance.now();
  const inputs = compiledInputs;
  const next = spawnChild();
  if (!(await next.says("loaded"))) return failed(next);
  const previous = current;
  current = undefined;
  send(previous, { type: "stop" });
  await previous?.exited;
  send(next, { type: "go" });
  if (!(await next.says("ready"))) return failed(next);
  current = next;
  servingInputs = inputs;
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

// Changed files wait here; one step at a time takes them all: build, then swap or restart. Those of
// a step that did not reach a serving process (a failed build, a process that did not start) go
// with the next one, which then decides for them too.
const pending = new Set<string>();
let unapplied: string[] = [];
let queue = Promise.resolve();
let timer: ReturnType<typeof setTimeout> | undefined;

async function step() {
  if (!pending.size || stopping) return;
  for (const file of pending) fileWatchCache.invalidateFile(file);
  const files = [...new Set([...unapplied, ...pending])];
  pending.clear();
  unapplied = files;
  logger.info("recompilando…", { files: files.slice(0, 5).map(relative), more: Math.max(0, files.length - 5) || undefined });
  const started = performance.now();
  // A change outside the process's own code leaves that code as it is: only Remix's build is redone.
  const inPlace = swappable(files);
  const problems = await (inPlace ? compileRemix() : compile());
  if (problems.length) {
    logger.error("la compilación falló; sigue sirviendo la última versión buena", { problems });
    send(current, { type: "build-problems", lines: problems });
    return;
  }
  logger.info("compilado", { ms: Math.round(performance.now() - started) });
  if (inPlace && inRemixBuild(files) ? await swap(current!) : await restart()) unapplied = [];
}

/**
 * Whether the serving process may load the new build in place: every changed file is a module or a
 * stylesheet that is no part of the process's own code (as it serves, nor as last compiled), and
 * (inRemixBuild, after the build) part of the Remix build.
 */
function swappable(files: string[]): boolean {
  // A process that ended by itself is replaced, whatever changed.
  if (!current || current.process.exitCode !== null || current.process.signalCode !== null || current.swaps >= MAX_SWAPS) return false;
  return files.every((file) => SWAPPABLE.test(file) && !servingInputs.has(file) && !compiledInputs.has(file));
}

function inRemixBuild(files: string[]): boolean {
  const remix = remixInputs();
  return files.every((file) => remix.has(file));
}

/** The serving process loads the new Remix build; the open tabs reload on the stream's new code. False when it did not. */
async function swap(child: Child): Promise<boolean> {
  const started = performance.now();
  child.swaps++;
  const answered = child.says("swapped", "swap-failed");
  send(child, { type: "swap-build" });
  const answer = await answered;
  if (answer?.type === "swapped") logger.info("compilación nueva cargada sin reiniciar el servidor", { ms: Math.round(performance.now() - started) });
  else if (answer?.type === "swap-failed") logger.error("la compilación nueva no se pudo cargar; sigue la anterior", { problems: answer.lines });
  return answer?.type === "swapped";
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
const problems = await (stale ? compile() : compileChild());
if (problems.length) logger.error("la compilación falló", { problems });
if (!fs.existsSync(buildFile(root))) logger.error("no hay compilación que servir: corrija el código y guarde");
// A first start that failed (the port taken, a page with problems) ends `npm run dev`, as before.
else if (!(await restart())) process.exit(1);
else if (problems.length) send(current, { type: "build-problems", lines: problems });
else if (!stale)
  queue = queue.then(async () => {
    const found = await compileRemix();
    if (found.length) send(current, { type: "build-problems", lines: found });
  });

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => {
    stopping = true;
    clearTimeout(timer);
    send(current, { type: "stop" });
    await current?.exited;
    await Promise.all(watchers.map((watcher) => watcher.close()));
    await Promise.all([compiler.dispose(), childCompiler.dispose()]);
    process.exit(0);
  });
}
