// A style sheet of the document that did not load (docs/error-catalogue.md#chunk-errors): reported as
// CSS_CHUNK_LOAD_FAILED and asked for once more with the cache-busting parameter. Loaded by ./chunks.ts
// only when a sheet failed.
import { cacheBusted } from "./chunk-retry";

export const CSS_CHUNK_LOAD_FAILED = "CSS_CHUNK_LOAD_FAILED";

/** A style sheet that could not be loaded. */
class CssChunkLoadError extends Error {
  readonly code = CSS_CHUNK_LOAD_FAILED;
  readonly type = "missing";
  readonly request: string;
  constructor(request: string) {
    super(`Loading CSS chunk failed. (${request})`);
    this.name = "CssChunkLoadError";
    this.request = request;
  }
}

/** Style sheets already reported and asked for again: once each. */
const retriedSheets = new WeakSet<HTMLLinkElement>();

/**
 * Asks for a style sheet again (its address with the cache-busting parameter) and adds it to the
 * document as a constructed sheet: no element is added to a <head> that React is about to hydrate.
 */
async function adoptAgain(root: Document, href: string): Promise<void> {
  const response = await fetch(href);
  if (!response.ok) throw new CssChunkLoadError(href);
  const sheet = new CSSStyleSheet({ baseURL: href });
  await sheet.replace(await response.text());
  root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
}

export interface StylesheetRetryOptions {
  warn?: (error: CssChunkLoadError) => void;
  error?: (error: CssChunkLoadError) => void;
  /** How a sheet is asked for again (tests pass their own). */
  load?: (root: Document, href: string) => Promise<void>;
}

/**
 * The document's style sheets that did not load (./chunks.ts finds them): each reported as
 * CSS_CHUNK_LOAD_FAILED and asked for once more with the cache-busting parameter. Returns the
 * addresses asked for.
 */
export function retryStylesheets(root: Document, failed: HTMLLinkElement[], options: StylesheetRetryOptions = {}): string[] {
  const {
    warn = (error) => console.warn(`${error.code}: ${error.message}; se intenta de nuevo`),
    error: fail = (error) => console.error(`${error.code}: ${error.message}`),
    load = adoptAgain,
  } = options;
  const retried: string[] = [];
  for (const link of failed) {
    if (retriedSheets.has(link)) continue;
    retriedSheets.add(link);
    warn(new CssChunkLoadError(link.href));
    const href = cacheBusted(link.href);
    retried.push(href);
    load(root, href).catch(() => fail(new CssChunkLoadError(href)));
  }
  return retried;
}
