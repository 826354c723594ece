// The server's one logger. Operators read Spanish, as editors and readers do (docs/decisions/0005):
// one line per event, "[nivel] mensaje {campos}". LOG_LEVEL chooses the lowest level written
// (info, warn — the default —, error or silent).
import type { Logger } from "../runtime/types";

const LEVELS = { info: 0, warn: 1, error: 2, silent: 3 } as const;
export type LogLevel = keyof typeof LEVELS;

function isLevel(value: unknown): value is LogLevel {
  return typeof value === "string" && value in LEVELS;
}

export function createLogger(level: LogLevel = "warn", write: (line: string) => void = (line) => process.stderr.write(line + "\n")): Logger {
  const at =
    (name: Exclude<LogLevel, "silent">) =>
    (message: string, fields?: Record<string, unknown>) => {
      if (LEVELS[name] < LEVELS[level]) return;
      write(`[${name}] ${message}${fields && Object.keys(fields).length ? " " + JSON.stringify(fields) : ""}`);
    };
  return { info: at("info"), warn: at("warn"), error: at("error") };
}

export function loggerFromEnv(env: NodeJS.ProcessEnv = process.env): Logger {
  return createLogger(isLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : "warn");
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = createLogger("silent");
