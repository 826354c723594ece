// The server's one logger. Operators read Spanish, as editors and readers do (docs/decisions/0005):
// one line per event, "[nivel] mensaje {campos}", on standard error. LOG_LEVEL chooses the lowest
// level written: debug (every page resolved), info (the default: start-up, seeding), warn, error or
// silent. LOG_FORMAT=json writes each event as one JSON object per line instead (time, level, message,
// the fields, and the trace's ids while a request is traced: docs/observability.md).
import type { Logger } from "../runtime/types";
import { readSettings, type Settings } from "./settings";

const LEVELS = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 } as const;
export type LogLevel = keyof typeof LEVELS;

export type LogFormat = "text" | "json";

export function createLogger(
  level: LogLevel = "info",
  write: (line: string) => void = (line) => process.stderr.write(line + "\n"),
  format: LogFormat = "text",
): Logger {
  const at = (name: Exclude<LogLevel, "silent">) => (message: string, fields?: Record<string, unknown>) => {
    if (LEVELS[name] < LEVELS[level]) return;
    if (format === "json") write(JSON.stringify({ ...fields, time: new Date().toISOString(), level: name, message }));
    else write(`[${name}] ${message}${fields && Object.keys(fields).length ? " " + JSON.stringify(fields) : ""}`);
  };
  return { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** The logger LOG_LEVEL and LOG_FORMAT ask for (platform/settings.ts). */
export function loggerFor(settings: Pick<Settings, "LOG_LEVEL" | "LOG_FORMAT">): Logger {
  return createLogger(settings.LOG_LEVEL, undefined, settings.LOG_FORMAT);
}

/**
 * The logger with the current trace's ids in every event's fields (traceId, spanId), while a traced
 * request runs: a log line leads to its trace.
 */
export function withTraceIds(logger: Logger, current: () => { traceId: string; spanId: string } | undefined): Logger {
  const at =
    (write: Logger["info"] | undefined): Logger["info"] =>
    (message, fields) => {
      const ids = current();
      write?.(message, ids ? { ...fields, ...ids } : fields);
    };
  return { debug: logger.debug && at(logger.debug), info: at(logger.info), warn: at(logger.warn), error: at(logger.error) };
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
