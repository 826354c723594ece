// The server's one logger. Operators read Spanish, as editors and readers do (docs/decisions/0005):
// one line per event, "[nivel] mensaje {campos}", on standard error. LOG_LEVEL chooses the lowest
// level written: debug (every page resolved), info (the default: start-up, seeding), warn, error or
// silent.
import type { Logger } from "../runtime/types";
import { readSettings, type Settings } from "./settings";

const LEVELS = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;
export type LogLevel = keyof typeof LEVELS;

export function createLogger(level: LogLevel = "info", write: (line: string) => void = (line) => process.stderr.write(line + "\n")): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] < LEVELS[level]) return;
    write(`[${name}] ${message}${fields && Object.keys(fields).length ? " " + JSON.stringify(fields) : ""}`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** The logger LOG_LEVEL asks for (platform/settings.ts). */
export function loggerFor(settings: Pick<Settings, "LOG_LEVEL">): Logger {
  return createLogger(settings.LOG_LEVEL);
}

/** The logger of this process's settings, for code run without one given (the commands). */
export function processLogger(): Logger {
  return loggerFor(readSettings());
}

/** For tests and tools that want no output. */
export const silentLogger: Logger = createLogger("silent");

/**
 * A logger that writes each distinct warning or error once per interval (a source that is down
 * fails on every request): the first line at once, the others counted and reported with the next
 * one after the interval. Distinct means the same message with the same reason and detail.
 */
export function throttledLogger(logger: Logger, intervalMs: number, now: () => number = Date.now): Logger {
  const seen = new Map<string, { at: number; suppressed: number }>();
  const at = (name: "warn" | "error") => (message: string, fields?: Record<string, unknown>) => {
    // Paths and query strings differ per request; the failure is the same one.
    const detail = String(fields?.detail ?? fields?.error ?? "").replace(/\S*[/?]\S*/g, "…");
    const key = `${name}|${message}|${String(fields?.reason ?? "")}|${detail}`;
    const entry = seen.get(key);
    const time = now();
    if (entry && time - entry.at < intervalMs) {
      entry.suppressed++;
      return;
    }
    seen.set(key, { at: time, suppressed: 0 });
    if (seen.size > 1000) seen.delete(seen.keys().next().value!);
    logger[name](message, entry?.suppressed ? { ...fields, repeticiones: entry.suppressed } : fields);
  };
  return { ...logger, warn: at("warn"), error: at("error") };
}
