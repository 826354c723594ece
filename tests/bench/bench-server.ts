// The production server as the benchmarks start it: `server/cli/start.ts` in a child process on
// `port`, with its data in DATA_DIR (default .cache/bench-data), ready once /readyz answers 200. Its
// clock starts at the seeded corpus's "now" (SITE_NOW), so that every day's run measures the same
// pages: the news sitemap's last 48 hours hold the same articles.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import { DEFAULT_NOW } from "../../server/content/seed";

const DATA_DIR = process.env.DATA_DIR || ".cache/bench-data";

/** Measured on this machine before the speed-and-scale work (the home page, page cache missed, one process). */
export const BASELINE = { homeMissReqPerSec: 65, homeMissP50Ms: 145 };
/** The speed-and-scale goals: that page's server time, and its throughput as a multiple of BASELINE's. */
export const GOALS = { homeMissP50Ms: 40, throughputFactor: 4 };

export interface BenchServer {
  base: string;
  process: ChildProcess;
  /** The server process's resident memory, in KiB. */
  rssKiB(): number;
  stop(): Promise<void>;
}

export async function startBenchServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli/start.ts"], {
    env: { ...process.env, PORT: String(port), NODE_ENV: "production", DATA_DIR, LOG_LEVEL: "warn", SITE_NOW: DEFAULT_NOW.toISOString(), ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://localhost:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600 || child.exitCode !== null) throw new Error("el servidor no arrancó");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    process: child,
    rssKiB: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? NaN),
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
