// npm run dev on a scratch copy of the project (docs/decisions/0078-dev-reload.md): a change to a
// block's component is built and served by a new server process, which the live-preview stream
// names (open tabs reload on it); a change that does not build is reported on the stream, with
// file and line, while the last good version keeps serving.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectCopy } from "../../tests/support/project-copy";
import { linkSharedImages } from "../../tests/support/shared-images";

const PORT = Number(process.env.DEV_RELOAD_PORT || 4300);
const origin = `http://localhost:${PORT}`;
/** Bounds that only catch a hang: a first start builds and seeds (minutes on a loaded machine). */
const START_BOUND = 900_000;
const STEP_BOUND = 300_000;

const copy = projectCopy("dev-recarga-");
const footer = path.join(copy.dir, "blocks", "site-footer", "SiteFooter.tsx");
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
  code: number;
  build: string[];
}

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
    "serves a component's change from a new process, which the live-preview stream names",
    async () => {
      const before = await openStream();
      const first = (await before.next())!;
      expect(first).toMatchObject({ initial: true, build: [] });
      expect(await home()).toContain("NIT ");

      fs.writeFileSync(footer, fs.readFileSync(footer, "utf8").replace("<span>NIT {", "<span>NIT recargado {"));
      // The old process's stream ends when it stops; the new one has served once the supervisor says so.
      while (await before.next());
      await logged(/servidor reiniciado con el código nuevo/, 2);
      expect(await home()).toContain("NIT recargado ");
      const after = await openStream();
      const second = (await after.next())!;
      expect(second.initial).toBe(true);
      expect(second.code).not.toBe(first.code);
      await after.close();
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

      fs.writeFileSync(footer, good);
      while (await stream.next());
      await logged(/servidor reiniciado con el código nuevo/, 3);
      const fixed = await openStream();
      expect(await fixed.next()).toMatchObject({ initial: true, build: [] });
      expect(await home()).toContain("NIT recargado ");
      await fixed.close();
    },
    STEP_BOUND,
  );
});
