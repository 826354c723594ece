// Loading the page's code in the browser (docs/error-catalogue.md#chunk-errors): a block's chunk (its
// component, its enhancer) that fails, is missing or takes longer than 120 s gives a ChunkLoadError
// and is asked for once more with the cache-busting parameter d; a style sheet that did not load gives
// CSS_CHUNK_LOAD_FAILED and is asked for once more the same way. The page keeps its server HTML
// whatever happens: a block whose code never arrives stays as the server rendered it. What only a
// failure needs (./chunk-retry.ts, ./stylesheets.ts) loads only after one: every page's script stays small.

/** How long a chunk may take (ms). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export interface ChunkOptions {
  timeoutMs?: number;
  /** How a chunk is imported again by its address (the browser's import(); tests pass their own). */
  importAgain?: (url: string) => Promise<unknown>;
  /** Where a failed first try is told (it is retried): a warning in the console. */
  warn?: (error: import("./chunk-retry").ChunkLoadError) => void;
  /** The second try's code (tests pass it; the browser loads it after a first failure). */
  retry?: typeof import("./chunk-retry");
}

/** The promise, or a rejection with a "TimeoutError" after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException(`${ms} ms`, "TimeoutError")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loads a chunk with a timeout; on a failure, tries once more (./chunk-retry.ts, which imports
 * nothing of this file, so that this file stays in the page's entry chunk).
 */
export async function loadChunk<T>(load: () => Promise<T>, options: ChunkOptions = {}): Promise<T> {
  const timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
  try {
    return await withTimeout(load(), timeoutMs);
  } catch (error) {
    const { retryChunk } = options.retry ?? (await import("./chunk-retry"));
    return retryChunk(load, error, { ...options, timeoutMs }, withTimeout);
  }
}

/**
 * The document's style sheets that did not load are reported and asked for once more
 * (./stylesheets.ts, loaded only when one failed: every page's script stays small).
 */
export function retryFailedStylesheets(root: Document): void {
  const failed = failedStylesheets(root);
  if (failed.length > 0) void import("./stylesheets").then(({ retryStylesheets }) => retryStylesheets(root, failed));
}

/** The document's style sheets that did not load (empty once the page's scripts run: module scripts wait for the style sheets before them). */
export function failedStylesheets(root: Document): HTMLLinkElement[] {
  return [...root.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][href]')].filter((link) => !sheetLoaded(link));
}

/**
 * Whether a style sheet loaded: it has rules. Chromium keeps an empty sheet for one that answered 404
 * or failed; the site's sheets are never empty. Another origin's sheet cannot be read: it counts.
 */
function sheetLoaded(link: HTMLLinkElement): boolean {
  try {
    return (link.sheet?.cssRules.length ?? 0) > 0;
  } catch {
    return true;
  }
}
