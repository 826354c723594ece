// Loading the page's code in the browser (docs/error-catalogue.md#chunk-errors): a block's chunk (its
// component, its enhancer) that fails, is missing or takes longer than 120 s gives a ChunkLoadError
// and is asked for once more with the cache-busting parameter d; a style sheet that did not load gives
// CSS_CHUNK_LOAD_FAILED and is asked for once more the same way. The page keeps its server HTML
// whatever happens: a block whose code never arrives stays as the server rendered it.

/** How long a chunk may take (ms). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
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

function withTimeout<T>(promise: Promise<T>, ms: number, request: string | undefined): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError(`timeout ${request}`, "timeout", request)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function asChunkLoadError(error: unknown, request: string | undefined): ChunkLoadError {
  if (error instanceof ChunkLoadError) return error;
  const message = error instanceof Error ? error.message : String(error);
  // The browser's words for a module it could not fetch (a 404, a dropped connection).
  return new ChunkLoadError(message, /fetch|import/i.test(message) ? "missing" : "failed", request);
}

export interface ChunkOptions {
  timeoutMs?: number;
  /** How a chunk is imported again by its address (the browser's import(); tests pass their own). */
  importAgain?: (url: string) => Promise<unknown>;
  /** Where a failed first try is told (it is retried): a warning in the console. */
  warn?: (error: ChunkLoadError) => void;
}

const importByAddress = (url: string): Promise<unknown> => import(/* @vite-ignore */ url);

/**
 * Loads a chunk with a timeout; on a failure, once more with the cache-busting parameter (the same
 * loader when its address is unknown). Rejects with a ChunkLoadError when the second try fails too.
 */
export async function loadChunk<T>(load: () => Promise<T>, options: ChunkOptions = {}): Promise<T> {
  const { timeoutMs = CHUNK_LOAD_TIMEOUT_MS, importAgain = importByAddress, warn = (error) => console.warn(error.name, error.message) } = options;
  let address = chunkAddress(load);
  try {
    return await withTimeout(load(), timeoutMs, address);
  } catch (error) {
    address = chunkAddress(load, error) ?? address;
    const first = asChunkLoadError(error, address);
    warn(first);
    const again = address ? () => importAgain(cacheBusted(address!)) as Promise<T> : load;
    try {
      return await withTimeout(again(), timeoutMs, address && cacheBusted(address));
    } catch (second) {
      throw asChunkLoadError(second, address && cacheBusted(address));
    }
  }
}

/**
 * The document's style sheets that did not load are reported and asked for once more
 * (./stylesheets.ts, loaded only when one failed: every page's script stays small).
 */
export function retryFailedStylesheets(root: Document): void {
  const links = [...root.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')];
  if (links.some((link) => !sheetLoaded(link))) void import("./stylesheets").then(({ retryStylesheets }) => retryStylesheets(root));
}

/**
 * Whether a style sheet loaded: it has rules. Chromium keeps an empty sheet for one that answered 404
 * or failed; the site's sheets are never empty. Another origin's sheet cannot be read: it counts.
 */
export function sheetLoaded(link: HTMLLinkElement): boolean {
  try {
    return (link.sheet?.cssRules.length ?? 0) > 0;
  } catch {
    return true;
  }
}
