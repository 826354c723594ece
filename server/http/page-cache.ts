// A page cache in front of the renderer, for responses marked public (pages for anonymous readers
// are the same for everyone: per-reader state is filled in by the browser). A cached page is fresh
// for a few seconds; after that one request re-renders it while the others get the stale copy, so a
// popular page is rendered about once per TTL however many readers ask. Bodies are kept gzipped
// too, so a hit costs no rendering and no compression. The pages live in a store: this process's
// memory, or Redis shared by every process (server/cache), where a short claim lets one process
// render a missed page while the others serve the stale copy or wait briefly for its page. A page
// is kept no longer than its Cache-Control lets shared caches keep it: one that a publication window
// changes sooner expires then (docs/decisions/0073-publication-schedules.md).
import { promisify } from "node:util";
import { gunzip, gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { MemoryStore, takeTurn, type CacheStore } from "../../runtime/cache";
import { DEFAULT_PAGE_CACHE_BYTES, type Settings } from "../../platform/settings";
import { mayShare, notModified, sharedLifetime } from "../../platform/caching";
import type { PurgeMarks } from "../../runtime/purge";
import { headerKeys } from "../purge/keys";

export interface PageCacheOptions {
  /** Seconds a cached page is served without re-rendering. 0 turns the cache off. */
  freshSeconds: number;
  /** Seconds after that during which it is still served while one request re-renders it. */
  staleSeconds: number;
  /** Upper bound of the memory the cache holds, when it makes its own store (default PAGE_CACHE_MAX_BYTES' default). */
  maxBytes?: number;
  /** Where pages are kept (default: this process's memory, bounded by maxBytes). */
  store?: CacheStore<CachedPage>;
  /** Requests that neither read nor fill the cache (a reader's own pages). */
  bypass?: (req: Request) => boolean;
  /** The page a request is for: its site's origin and its URL (server/http/site-origin.ts). */
  key?: (req: Request) => string;
  now?: () => number;
  /** Purged content keys (runtime/purge.ts): a page naming one in its Surrogate-Key, rendered before the purge, is rendered again. */
  purges?: PurgeMarks;
}

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  /**
   * The body as rendered; absent on a page read back from a shared store, which keeps the compressed
   * copy only: almost every reader takes it as it is, and the others get it decompressed off the
   * event loop (never gunzipSync on a request's path).
   */
  body?: Buffer;
  /** The body compressed, made off the request's path: a page is stored once it has it. */
  gzipped: Buffer;
  storedAt: number;
  /** When its render began: a purge of one of its keys after that makes the page gone. */
  startedAt?: number;
}

/** A page just rendered, before its compressed copy is made: replays send its body as is. */
type RenderedPage = Omit<CachedPage, "gzipped" | "body"> & { body: Buffer; gzipped?: Buffer };

/** A page a request can be answered with: one just rendered here, or one read from the store. */
type ServedPage = RenderedPage | CachedPage;

const gunzipAsync = promisify(gunzip);

/** A render under way in this process: its page once it has one, and the promise the waiting requests hold. */
interface Rendering {
  promise: Promise<ServedPage | undefined>;
  page?: ServedPage;
}

/** Says whether the page came from this cache: HIT, MISS (rendered now) or BYPASS (a reader's own page). */
const CACHE_STATUS_HEADER = "X-Page-Cache";

/**
 * How long a claim to render a missed or stale page holds, and so how long readers of other
 * processes wait for that page before rendering it themselves.
 */
const PAGE_CLAIM_MS = 5000;

/** Response headers worth replaying; the rest (Date, Connection...) belong to each response. */
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "location", "server-timing", "vary", "content-security-policy", "surrogate-key", "cache-tag"];

export function pageCacheOptions(settings: Pick<Settings, "PAGE_CACHE_SECONDS" | "PAGE_CACHE_STALE_SECONDS">): PageCacheOptions {
  return { freshSeconds: settings.PAGE_CACHE_SECONDS, staleSeconds: settings.PAGE_CACHE_STALE_SECONDS };
}

/** Pages in this process's memory, bounded in bytes (both copies of the body and the headers). */
export function memoryPageStore(maxBytes = DEFAULT_PAGE_CACHE_BYTES): MemoryStore<CachedPage> {
  return new MemoryStore<CachedPage>({ maxBytes, sizeOf: (page) => (page.body?.length ?? 0) + page.gzipped.length + JSON.stringify(page.headers).length });
}

/** A page as a shared store keeps it: its status, headers and time as JSON, then the compressed body. */
export const pageCodec = {
  encode(page: CachedPage): Buffer {
    const meta = Buffer.from(JSON.stringify({ status: page.status, headers: page.headers, storedAt: page.storedAt, startedAt: page.startedAt }));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(meta.length);
    return Buffer.concat([length, meta, page.gzipped]);
  },
  decode(raw: Buffer): CachedPage {
    const end = 4 + raw.readUInt32BE(0);
    return { ...JSON.parse(raw.subarray(4, end).toString()), gzipped: raw.subarray(end) };
  },
};

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const store = options.store ?? memoryPageStore(options.maxBytes);
  const freshMs = options.freshSeconds * 1000;
  const staleMs = options.staleSeconds * 1000;
  /** Pages this process is rendering: requests for the same page wait for that render, not start their own. */
  const rendering = new Map<string, Rendering>();
  /** How long a page is served fresh, then stale: this cache's times, cut to what its Cache-Control allows shared caches. */
  const lifetime = (page: { headers: Record<string, string> }) => {
    const shared = sharedLifetime(page.headers["cache-control"]);
    return { fresh: Math.min(freshMs, (shared.fresh ?? Infinity) * 1000), stale: Math.min(staleMs, (shared.stale ?? Infinity) * 1000) };
  };

  async function serve(req: Request, res: Response, next: NextFunction) {
    const key = options.key ? options.key(req) : `${req.hostname}${normalizedUrl(req.originalUrl)}`;
    const found = await store.get(key, freshMs);
    // A page holding purged content is as good as missing (the purged copy only dates what is newer).
    const purged = found !== undefined && options.purges?.purged(headerKeys(found.headers["surrogate-key"]), found.startedAt ?? found.storedAt) === true;
    const cached = purged ? undefined : found;
    const age = cached ? now() - cached.storedAt : Infinity;
    const kept = cached ? lifetime(cached) : { fresh: 0, stale: 0 };
    if (cached && age < kept.fresh) return replay(req, res, cached, now());
    const stale = cached && age < kept.fresh + kept.stale ? cached : undefined;
    const inFlight = rendering.get(key);
    if (inFlight) {
      // This process is rendering the page: its answer if it has it, else the stale copy, else wait for it (if it is shareable).
      const page = inFlight.page ?? stale ?? (await inFlight.promise);
      if (page) return replay(req, res, page, now());
      res.setHeader(CACHE_STATUS_HEADER, "MISS");
      return next();
    }
    // HEAD is answered from a cached GET but never fills the cache (it has no body).
    if (req.method === "HEAD") {
      res.setHeader(CACHE_STATUS_HEADER, "MISS");
      return next();
    }
    let settle!: (page: ServedPage | undefined) => void;
    const render: Rendering = { promise: new Promise((resolve) => (settle = resolve)) };
    rendering.set(key, render);
    let claimed = false;
    const finished = (page: ServedPage | undefined) => {
      if (rendering.get(key) === render) rendering.delete(key);
      settle(page);
      if (claimed) void store.release(key);
      claimed = false;
    };
    // Across processes one request renders: for a stale page the others serve the stale copy, for a
    // missed one they wait briefly for the page it stores.
    if (stale) claimed = await store.claim(key, PAGE_CLAIM_MS);
    else {
      const turn = await takeTurn(store, key, { since: found?.storedAt ?? -Infinity, claimMs: PAGE_CLAIM_MS, waitMs: PAGE_CLAIM_MS, freshMs });
      if ("entry" in turn) {
        finished(turn.entry);
        return replay(req, res, turn.entry, now());
      }
      claimed = turn.claimed;
    }
    if (stale && !claimed) {
      finished(stale);
      return replay(req, res, stale, now());
    }
    res.setHeader(CACHE_STATUS_HEADER, "MISS");
    const startedAt = now();
    let captured = false;
    // A response that never finishes (the client went away) must not keep the others waiting.
    res.on("close", () => captured || finished(undefined));
    capture(res, (status, headers, body) => {
      captured = true;
      if (!mayShare(status, headers["cache-control"], res.getHeader("set-cookie") !== undefined)) return finished(undefined);
      const page: RenderedPage = { status, headers, body, storedAt: now(), startedAt };
      render.page = page;
      settle(page);
      // Compressed after the answer went out, off the request's path; then stored for everyone.
      const keep = lifetime(page);
      gzip(body, async (error, gzipped) => {
        try {
          // A page that changes within the second is not kept.
          if (!error && keep.fresh > 0) await store.set(key, { ...page, gzipped }, keep.fresh + keep.stale);
        } catch {
          // Not kept: the next request renders it again.
        } finally {
          finished(page);
        }
      });
    });
    next();
  }

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    if (freshMs <= 0 || (req.method !== "GET" && req.method !== "HEAD") || req.query.debug !== undefined) return next();
    if (options.bypass?.(req)) {
      res.setHeader(CACHE_STATUS_HEADER, "BYPASS");
      return next();
    }
    serve(req, res, next).catch(next);
  };
}

/** Answers with a kept page; `Age` says how old it is, so that a CDN keeps it only for what is left of its s-maxage. */
async function replay(req: Request, res: Response, page: ServedPage, at: number) {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader("Age", String(Math.max(0, Math.floor((at - page.storedAt) / 1000))));
  res.setHeader(CACHE_STATUS_HEADER, "HIT");
  res.setHeader("Vary", "Accept-Encoding");
  if (page.status === 200 && notModified(req.headers["if-none-match"], page.headers.etag)) {
    res.status(304).end();
    return;
  }
  // Setting Content-Encoding here keeps the compression middleware from compressing again; until the
  // compressed copy is ready, the middleware compresses this answer as it streams.
  const gzipped = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? page.gzipped : undefined;
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  // A client that takes no gzip, of a page read back from a shared store: decompressed off the event loop.
  const body = gzipped ?? page.body ?? (await gunzipAsync(page.gzipped!));
  res.setHeader("Content-Length", String(body.length));
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Collects what the handlers write (before compression, which sits earlier in the chain). */
function capture(res: Response, done: (status: number, headers: Record<string, string>, body: Buffer) => void) {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (...args: any[]) => boolean;
  const end = res.end.bind(res) as (...args: any[]) => Response;
  res.write = ((chunk: any, ...rest: any[]) => {
    if (chunk) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8"));
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: any, ...rest: any[]) => {
    if (chunk && typeof chunk !== "function")
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof rest[0] === "string" ? (rest[0] as BufferEncoding) : "utf8"));
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = res.getHeader(name);
      if (value !== undefined) headers[name] = String(value);
    }
    done(res.statusCode, headers, Buffer.concat(chunks));
    return end(chunk, ...rest);
  }) as Response["end"];
}

/**
 * Query parameters that only tell analytics where a reader came from: no page reads them, so
 * they name the same page (docs/decisions/0004-page-cache.md).
 */
const TRACKING_PARAMETER = /^(utm_[a-z0-9_]+|fbclid|gclid|gclsrc|dclid|gbraid|wbraid|msclkid|yclid|twclid|ttclid|igshid|mc_cid|mc_eid|_ga|_gl|ref_src|s_cid)$/i;

/**
 * The URL as the cache knows it: parameters nothing reads (tracking ones above all) dropped, the
 * others sorted (their order names nothing). Without `reads`, every non-tracking parameter counts.
 */
export function normalizedUrl(originalUrl: string, reads: (name: string) => boolean = () => true): string {
  const at = originalUrl.indexOf("?");
  if (at < 0) return originalUrl;
  const params = [...new URLSearchParams(originalUrl.slice(at + 1))].filter(([name]) => !TRACKING_PARAMETER.test(name) && reads(name));
  params.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return originalUrl.slice(0, at) + (query ? `?${query}` : "");
}
