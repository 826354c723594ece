// A small in-process page cache in front of the renderer, for responses marked public (pages for
// anonymous readers are the same for everyone: per-reader state is filled in by the browser). A
// cached page is fresh for a few seconds; after that one request re-renders it while the others
// get the stale copy, so a popular page is rendered about once per TTL however many readers ask.
// Bodies are kept gzipped too, so a hit costs no rendering and no compression.
import { gzip } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { LRUCache } from "lru-cache";

export interface PageCacheOptions {
  /** Seconds a cached page is served without re-rendering. 0 turns the cache off. */
  freshSeconds: number;
  /** Seconds after that during which it is still served while one request re-renders it. */
  staleSeconds: number;
  /** Upper bound of the memory the cache holds. */
  maxBytes?: number;
  /** Requests that neither read nor fill the cache (a reader's own pages). */
  bypass?: (req: Request) => boolean;
  /** The page a request is for: its site's origin and its URL (server/http/site-origin.ts). */
  key?: (req: Request) => string;
  now?: () => number;
}

interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Compressed after the first answer went out (off the request's path); until then, replays send the body as is. */
  gzipped?: Buffer;
  storedAt: number;
  refreshing: boolean;
}

/** Says whether the page came from this cache: HIT, MISS (rendered now) or BYPASS (a reader's own page). */
export const CACHE_STATUS_HEADER = "X-Page-Cache";

/** Response headers worth replaying; the rest (Date, Connection...) belong to each response. */
const KEPT_HEADERS = ["content-type", "cache-control", "etag", "location", "server-timing", "vary", "content-security-policy"];

export function pageCacheFromEnv(env: NodeJS.ProcessEnv = process.env): PageCacheOptions {
  return { freshSeconds: Number(env.PAGE_CACHE_SECONDS ?? 10), staleSeconds: Number(env.PAGE_CACHE_STALE_SECONDS ?? 60) };
}

export function createPageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const pages = new LRUCache<string, CachedPage>({
    maxSize: options.maxBytes ?? 64 * 1024 * 1024,
    // The compressed copy is at most about the body's size: counted up front, so its arrival never overflows.
    sizeCalculation: (page) => page.body.length * 2 + 512,
  });
  const freshMs = options.freshSeconds * 1000;
  const staleMs = options.staleSeconds * 1000;
  /** Pages being rendered for a miss: requests for the same page wait for that render, not start their own. */
  const rendering = new Map<string, Promise<CachedPage | undefined>>();

  return function pageCache(req: Request, res: Response, next: NextFunction) {
    if (freshMs <= 0 || (req.method !== "GET" && req.method !== "HEAD") || req.query.debug !== undefined) return next();
    if (options.bypass?.(req)) {
      res.setHeader(CACHE_STATUS_HEADER, "BYPASS");
      return next();
    }
    // HEAD is answered from a cached GET but never fills the cache (it has no body).
    const key = options.key ? options.key(req) : `${req.hostname}${normalizedUrl(req.originalUrl)}`;
    const cached = pages.get(key);
    const age = cached ? now() - cached.storedAt : Infinity;
    if (cached && (age < freshMs || (age < freshMs + staleMs && cached.refreshing))) return replay(req, res, cached);
    const inFlight = rendering.get(key);
    if (inFlight && !cached) {
      // Another request is rendering this page: its answer serves this one too (if it is shareable).
      inFlight.then((page) => (page ? replay(req, res, page) : (res.setHeader(CACHE_STATUS_HEADER, "MISS"), next())), next);
      return;
    }
    res.setHeader(CACHE_STATUS_HEADER, "MISS");
    if (req.method === "HEAD") return next();
    if (cached && age < freshMs + staleMs) cached.refreshing = true; // this request re-renders; others get the stale copy
    let settle!: (page: CachedPage | undefined) => void;
    const promise = new Promise<CachedPage | undefined>((resolve) => (settle = resolve));
    rendering.set(key, promise);
    const finished = (page: CachedPage | undefined) => {
      if (rendering.get(key) === promise) rendering.delete(key);
      settle(page);
    };
    // A response that never finishes (the client went away) must not keep the others waiting.
    res.on("close", () => finished(undefined));
    capture(res, (status, headers, body) => {
      const cacheable =
        (status === 200 || status === 301 || status === 404) &&
        /\bpublic\b/.test(String(headers["cache-control"] ?? "")) &&
        res.getHeader("set-cookie") === undefined;
      if (cacheable) {
        const page: CachedPage = { status, headers, body, storedAt: now(), refreshing: false };
        pages.set(key, page);
        finished(page);
        gzip(body, (error, gzipped) => {
          if (!error) page.gzipped = gzipped;
        });
      } else {
        if (cached) cached.refreshing = false;
        finished(undefined);
      }
    });
    next();
  };
}

function replay(req: Request, res: Response, page: CachedPage) {
  res.status(page.status);
  for (const [name, value] of Object.entries(page.headers)) res.setHeader(name, value);
  res.setHeader(CACHE_STATUS_HEADER, "HIT");
  res.setHeader("Vary", "Accept-Encoding");
  if (page.headers.etag && req.headers["if-none-match"] === page.headers.etag) {
    res.status(304).end();
    return;
  }
  // Setting Content-Encoding here keeps the compression middleware from compressing again; until the
  // compressed copy is ready, the middleware compresses this answer as it streams.
  const gzipped = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? page.gzipped : undefined;
  if (gzipped) res.setHeader("Content-Encoding", "gzip");
  const body = gzipped ?? page.body;
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
