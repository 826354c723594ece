// The second try of a block's chunk (docs/error-catalogue.md#chunk-errors), loaded only when a first
// try failed: a ChunkLoadError says how ("failed", "missing", "timeout") and which address, and the
// chunk is asked for once more with the cache-busting parameter d.
import type { ChunkOptions, withTimeout } from "./chunks";

/** The cache-busting query parameter of a chunk asked for again, and its value. */
export const CACHE_BUSTING = { param: "d", value: "7702" } as const;

export type ChunkFailure = "failed" | "missing" | "timeout";

/** A chunk that could not be loaded: `type` says how, `request` which address (when known). */
export class ChunkLoadError extends Error {
  readonly type: ChunkFailure;
  readonly request?: string;
  constructor(message: string, type: ChunkFailure, request?: string) {
    super(message);
    this.name = "ChunkLoadError";
    this.type = type;
    this.request = request;
  }
}

/** The address with the cache-busting parameter. */
export function cacheBusted(url: string): string {
  const busted = new URL(url, window.location.href);
  busted.searchParams.set(CACHE_BUSTING.param, CACHE_BUSTING.value);
  return busted.href;
}

/**
 * The address a loader imports: the one its failure names (the browser says which module it could
 * not fetch), else the literal in the loader itself (a bundled `() => import("/build/…js")`).
 */
export function chunkAddress(load: () => Promise<unknown>, error?: unknown): string | undefined {
  const fromError = /(https?:\/\/\S+?\.js)\b/.exec(error instanceof Error ? error.message : "")?.[1];
  return fromError ?? /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/.exec(String(load))?.[1];
}

function asChunkLoadError(error: unknown, request: string | undefined): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  if ((error as { name?: unknown } | null)?.name === "TimeoutError") return new ChunkLoadError(`timeout ${request}`, "timeout", request);
  const message = error instanceof Error ? error.message : String(error);
  // The browser's words for a module it could not fetch (a 404, a dropped connection).
  return new ChunkLoadError(message, /fetch|import/i.test(message) ? "missing" : "failed", request);
}

const importByAddress = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * The second try of a chunk whose first failed (`error`): reported, then asked for once more with the
 * cache-busting parameter (the same loader when its address is unknown). Rejects with a ChunkLoadError
 * when the second try fails too.
 */
export async function retryChunk<T>(
  load: () => Promise<T>,
  error: unknown,
  options: ChunkOptions & { timeoutMs: number },
  timed: typeof withTimeout,
): Promise<T> {
  const { timeoutMs, importAgain = importByAddress, warn = (failure) => console.warn(failure.name, failure.message) } = options;
  const address = chunkAddress(load, error);
  warn(asChunkLoadError(error, address));
  const again = address ? () => importAgain(cacheBusted(address)) as Promise<T> : load;
  const request = address && cacheBusted(address);
  try {
    return await timed(again(), timeoutMs);
  } catch (second) {
    throw asChunkLoadError(second, request);
  }
}
