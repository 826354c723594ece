// npm run dev on a scratch copy of the project (docs/decisions/0078-dev-reload.md): a change to a
// block's component is built and loaded in place by the serving process, a change to its server half
// is served by a new process; the live-preview stream names the code serving (open tabs reload on a
// new one). A change that does not build is reported on the stream, with file and line, while the
// last good version keeps serving.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/free-port";
import { projectCopy } from "../../tests/support/project-copy";
import { linkSharedImages } from "../../tests/support/shared-images";

const PORT = Number(process.env.DEV_RELOAD_PORT || 0) || (await freePort());
const origin = `http://localhost:${PORT}`;
/** Bounds that only catch a hang: a first start builds and seeds (minutes on a loaded machine). */
const START_BOUND = 900_000;
const STEP_BOUND = 300_000;

const copy = projectCopy("dev-recarga-");
const footer = path.join(copy.dir, "blocks", "site-footer", "SiteFooter.tsx");
const footerServer = path.join(copy.dir, "blocks", "site-footer", "index.server.ts");
let server: ChildProcess;
const lines: string[] = [];
const waiting: Array<{ pattern: RegExp; count: number; resolve: () => void }> = [];

/** Resolves once the supervisor's or its server's log has `count` lines matching `pattern`. */
function logged(pattern: RegExp, count = 1): Promise<void> {
  return new Promise((resolve) => {
    waiting.push({ pattern, count, resolve });
    check();
  });
}
function check() {
  for (const wait of [...waiting]) {
    if (lines.filter((line) => wait.pattern.test(line)).length < wait.count) continue;
    waiting.splice(waiting.indexOf(wait), 1);
    wait.resolve();
  }
}

interface LiveState {
  initial: boolean;
  /** The process id, then ".n" after n builds loaded in place. */
  code: string;
  build: string[];
}

const processOf = (state: LiveState) => state.code.split(".")[0];
const restarts = () => lines.filter((line) => /servidor reiniciado con el código nuevo/.test(line)).length;

/** The live-preview stream: its messages as they come, then undefined once it ended (its process stopped). */
async function openStream() {
  const response = await fetch(`${origin}/_editor/api/eventos`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const next = async (): Promise<LiveState | undefined> => {
    for (;;) {
      const end = buffered.indexOf("\n\n");
      if (end >= 0) {
        const event = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(event)?.[1];
        if (data) return JSON.parse(data);
        continue;
      }
      // A stopping process cuts its streams: an error is an end too.
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (done) return undefined;
      buffered += value;
    }
  };
  return { next, close: () => reader.cancel() };
}

const home = async () => (await fetch(`${origin}/`)).text();

beforeAll(async () => {
  const dataDir = path.join(copy.dir, "data");
  linkSharedImages(dataDir);
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "development", PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: "info" };
  server = spawn(process.execPath, ["--import", "tsx", "server/cli/dev.ts"], { cwd: copy.dir, env, stdio: ["ignore", "inherit", "pipe"] });
  let partial = "";
  server.stderr!.on("data", (chunk: Buffer) => {
    const text = partial + String(chunk);
    const complete = text.split("\n");
    partial = complete.pop()!;
    lines.push(...complete);
    check();
  });
  const exited = new Promise<never>((_, reject) => server.once("exit", (code) => reject(new Error(`npm run dev terminó (${code}):\n${lines.join("\n")}`))));
  await Promise.race([logged(/servidor reiniciado con el código nuevo/), exited]);
}, START_BOUND);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  copy.remove();
});

describe("npm run dev", () => {
  it(
    "loads a component's change in place: the same process serves it, and its stream names the new code",
    async () => {
      const stream = await openStream();
      const first = (await stream.next())!;
      expect(first).toMatchObject({ initial: true, build: [] });
      expect(await home()).toContain("NIT ");

      fs.writeFileSync(footer, fs.readFileSync(footer, "utf8").replace("<span>NIT {", "<span>NIT recargado {"));
      // The same stream goes on (a process that stops cuts it) and names the new code.
      let state: LiveState | undefined = first;
      while (state && state.code === first.code) state = await stream.next();
      expect(state).toMatchObject({ initial: false, build: [] });
      expect(processOf(state!)).toBe(processOf(first));
      const page = await home();
      expect(page).toContain("NIT recargado ");
      // The page's live-preview script names that code: a tab made by the old one reloads.
      expect(page).toContain(`codigo=${state!.code}`);
      expect(restarts()).toBe(1);
      await stream.close();
    },
    STEP_BOUND,
  );

  it(
    "reports a change that does not build, with its file, and keeps serving the last good version",
    async () => {
      const stream = await openStream();
      const initial = (await stream.next())!;
      const good = fs.readFileSync(footer, "utf8");
      fs.writeFileSync(footer, good.replace("<span>NIT recargado {", "<span>NIT roto {").replace("return (", "return ((("));
      let state = initial;
      while (!state.build.length) state = (await stream.next())!;
      expect(state.build.join("\n")).toMatch(/blocks\/site-footer\//);
      expect(state.code).toBe(initial.code);
      expect(await home()).toContain("NIT recargado ");

      fs.writeFileSync(footer, good.replace("<span>NIT recargado {", "<span>NIT arreglado {"));
      while (state.build.length) state = (await stream.next())!;
      expect(state.code).not.toBe(initial.code);
      expect(processOf(state)).toBe(processOf(initial));
      expect(await home()).toContain("NIT arreglado ");
      await stream.close();
    },
    STEP_BOUND,
  );

  it(
    "serves a change to a block's server half from a new process, which the live-preview stream names",
    async () => {
      const before = await openStream();
      const first = (await before.next())!;
      fs.writeFileSync(
        footerServer,
        fs.readFileSync(footerServer, "utf8").replace("legalName: brand.legalName,", "legalName: `${brand.legalName} (servidor recargado)`,"),
      );
      // The old process's stream ends when it stops; the new one has served once the supervisor says so.
      while (await before.next());
      await logged(/servidor reiniciado con el código nuevo/, 2);
      expect(await home()).toContain("(servidor recargado)");
      const after = await openStream();
      const second = (await after.next())!;
      expect(second).toMatchObject({ initial: true, build: [] });
      expect(processOf(second)).not.toBe(processOf(first));
      await after.close();
    },
    STEP_BOUND,
  );
});
