// One fetch of a content source through the cache, with the source's timeout: a failure is an outcome,
// never a rejection. Resolution (./resolve.ts) runs every block's fetches through it, and the route
// parameters' existence checks (./existence-checks.ts) theirs.
import { cacheKey, ContentCache } from "./cache";
import { hasFetch, type Registry } from "./registry";
import type { CacheStatus, ContentSource, FetchSpec, Logger } from "./types";

const DEFAULT_FETCH_TIMEOUT_MS = 3000;

/** What resolution, the existence checks and each fetch run with. */
export interface ResolveOptions {
  registry: Registry;
  cache: ContentCache;
  /** Per-fetch timeout unless the source declares its own. */
  timeoutMs?: number;
  logger?: Logger;
  /** The server's traces and metrics (server/telemetry): the runtime calls these hooks and names no library. */
  observer?: FetchObserver;
}

/** What the server watches of the fetches; every hook is optional and must not throw. */
export interface FetchObserver {
  /** Runs one fetch through the cache (`run`): may wrap it (a trace span) and read its outcome. */
  fetch?(spec: FetchSpec, run: () => Promise<FetchOutcome>): Promise<FetchOutcome>;
  /** The source itself was asked (a cache miss or a background refresh): how long it took and how it ended. */
  sourceAsked?(source: string, ms: number, result: "ok" | "error" | "timeout"): void;
}

export interface FetchOutcome {
  ok: boolean;
  value?: unknown;
  cache: CacheStatus;
  ms: number;
  /** The content keys of the answer, when the cache names them (docs/decisions/0081-purge-by-content-key.md). */
  keys?: string[];
  error?: string;
  timedOut?: boolean;
}

class TimeoutError extends Error {}

/** One fetch through the cache, with the source's timeout; never rejects: failures are outcomes. */
export function fetchContent(spec: FetchSpec, options: ResolveOptions): Promise<FetchOutcome> {
  return runFetch(spec, cacheKey(spec.source, spec.query), options);
}

export function runFetch(spec: FetchSpec, key: string, options: ResolveOptions): Promise<FetchOutcome> {
  const { observer } = options;
  return observer?.fetch ? observer.fetch(spec, () => fetchThroughCache(spec, key, options)) : fetchThroughCache(spec, key, options);
}

async function fetchThroughCache(spec: FetchSpec, key: string, options: ResolveOptions): Promise<FetchOutcome> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const source = options.registry.sources.get(spec.source);
  if (!hasFetch(source)) {
    return { ok: false, cache: "error", ms: 0, error: `fuente de contenido desconocida: ${spec.source}` };
  }
  const timeoutMs = source.timeoutMs ?? options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const ttlSeconds = source.ttlFor?.(spec.query) ?? source.ttlSeconds;
  const ttlMs = ttlSeconds * 1000;
  const staleMs = (source.staleSeconds ?? ttlSeconds * 10) * 1000;
  try {
    // The query is checked only when the source is asked, not on every cache hit.
    const load = () => {
      const parsed = source.query.safeParse(spec.query);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return Promise.reject(new Error(`consulta inválida para ${spec.source}: ${issue.path.join(".")}: ${issue.message}`));
      }
      const observer = options.observer;
      if (!observer?.sourceAsked) return withTimeout(source, parsed.data, timeoutMs);
      const at = performance.now();
      return withTimeout(source, parsed.data, timeoutMs).then(
        (value) => (observer.sourceAsked!(spec.source, performance.now() - at, "ok"), value),
        (error) => {
          observer.sourceAsked!(spec.source, performance.now() - at, error instanceof TimeoutError ? "timeout" : "error");
          throw error;
        },
      );
    };
    const { value, status, keys } = await options.cache.get(key, { ttlMs, staleMs }, load, spec);
    return { ok: true, value, cache: status, ms: elapsed(), ...(keys ? { keys } : {}) };
  } catch (error) {
    const timedOut = error instanceof TimeoutError;
    return { ok: false, cache: "error", ms: elapsed(), timedOut, error: messageOf(error) };
  }
}

/** The source asked with a query the resolver has parsed, rejected at its timeout. */
function withTimeout(source: { name: string; fetch: ContentSource["fetch"] }, query: unknown, timeoutMs: number) {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new TimeoutError(`${source.name} no respondió en ${timeoutMs} ms`));
    }, timeoutMs);
  });
  return Promise.race([source.fetch(query, { signal: controller.signal, parsed: true }), timeout]).finally(() => clearTimeout(timer));
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
