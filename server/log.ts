// The server's one logger. Operators read Spanish, as editors and readers do (docs/decisions/0005):
// one line per event, "[nivel] mensaje {campos}", on standard error. LOG_LEVEL chooses the lowest
// level written: debug (every page resolved), info (the default: start-up, seeding), warn, error or
// silent.
import type { Logger } from "../runtime/types";

const LEVELS = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;
export type LogLevel = keyof typeof LEVELS;

function isLevel(value: unknown): value is LogLevel {
  return typeof value === "string" && value in LEVELS;
}

export function createLogger(level: LogLevel = "info", write: (line: string) => void = (line) => process.stderr.write(line + "\n")): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] < LEVELS[level]) return;
    write(`[${name}] ${message}${fields && Object.keys(fields).length ? " " + JSON.stringify(fields) : ""}`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

export function loggerFromEnv(env: Record<string, string | undefined> = process.env): Logger {
  return createLogger(isLevel(env.LOG_LEVEL) ? env.LOG_LEVEL : "info");
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = createLogger("silent");
