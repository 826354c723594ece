// The HTTP caching policy, in one place (docs/decisions/0065-one-caching-policy.md): what shared
// caches (a CDN, the page cache) and browsers may keep of each kind of answer, the entity tag of a
// body, and when a revalidation is answered 304. Every response path takes its Cache-Control from
// here, and the page cache asks here what it may store.
import { createHash } from "node:crypto";

/** Seconds a shared cache may keep serving its copy while the origin fails. */
const STALE_IF_ERROR_SECONDS = 86_400;

/** Seconds a shared cache keeps a page for anonymous readers fresh. */
const PAGE_SECONDS = 60;

/**
 * Kept by shared caches, never by the browser (max-age=0: a reader who reloads gets the CDN's copy):
 * fresh for `seconds`, then served stale for ten times that while the cache refetches, and for a day
 * while the origin fails. An answer that a publication window changes in `changesIn` seconds is kept,
 * fresh or stale, no longer than that, but while the origin fails
 * (docs/decisions/0073-publication-schedules.md).
 */
export function sharedFor(seconds: number, changesIn = Infinity): string {
  const fresh = Math.min(seconds, changesIn);
  const stale = Math.min(seconds * 10, changesIn - fresh);
  return `public, max-age=0, s-maxage=${fresh}, stale-while-revalidate=${stale}, stale-if-error=${STALE_IF_ERROR_SECONDS}`;
}

/** A page for anonymous readers (CACHE_CONTROL.page) that a publication window changes in `changesIn` seconds. */
export function sharedPage(changesIn?: number): string {
  return sharedFor(PAGE_SECONDS, changesIn);
}

export const CACHE_CONTROL = {
  /** A page for anonymous readers: the same for everyone (per-reader state is filled in by the browser). */
  page: sharedFor(PAGE_SECONDS),
  /** The next page of a block's list (load more): the same for everyone, like the page it extends. */
  block: sharedFor(60),
  /** A redirect of an output's old address: it does not change. */
  movedOutput: sharedFor(3600),
  /**
   * An answer for an identified reader (the identity cookie came with the request), whatever it shows:
   * never stored anywhere (docs/decisions/0011-paywall.md, docs/decisions/0019-paywall-gaps.md).
   */
  personal: "private, no-store",
  /** An error, a tool's answer or content that could not be read: nothing keeps it. */
  none: "no-store",
  /** A drawn image: its URL names its content, so it never changes. */
  image: "public, max-age=31536000, immutable",
} as const;

/** Seconds a reader is told to wait before asking again for content that could not be read (503). */
export const RETRY_AFTER_SECONDS = 30;

/** The statuses a shared cache may keep: a page, a permanent redirect, a page that does not exist. */
const STORABLE_STATUSES = new Set([200, 301, 404]);

/**
 * Whether the page cache may store an answer and give it to everyone: a storable status, a
 * Cache-Control this policy gives to shared caches, and no cookie set (a cookie is one reader's).
 */
export function mayShare(status: number, cacheControl: unknown, setsCookie: boolean): boolean {
  return STORABLE_STATUSES.has(status) && !setsCookie && /(^|,)\s*public\s*(,|$)/.test(String(cacheControl ?? ""));
}

/**
 * How long a shared cache may keep an answer by its Cache-Control: fresh (s-maxage) and then stale
 * while it refetches (stale-while-revalidate), in seconds; undefined for what it does not say.
 */
export function sharedLifetime(cacheControl: unknown): { fresh?: number; stale?: number } {
  const seconds = (name: string) => {
    const match = new RegExp(`(?:^|,)\\s*${name}=(\\d+)`).exec(String(cacheControl ?? ""));
    return match ? Number(match[1]) : undefined;
  };
  return { fresh: seconds("s-maxage"), stale: seconds("stale-while-revalidate") };
}

/** A weak entity tag of a body (W/"<sha1>"): equal bodies, equal tags, whoever rendered them. */
export function entityTag(body: Buffer | string): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Whether a request's If-None-Match names this entity tag (RFC 9110 §13.1.2: a list of tags, compared
 * weakly, or "*"), so that the answer is 304 without a body. Unlike Express's req.fresh, a request's
 * "Cache-Control: no-cache" does not stop a 304: the answer comes from the origin itself, which is the
 * revalidation that no-cache asks for.
 */
export function notModified(ifNoneMatch: string | null | undefined, etag: string | undefined): boolean {
  if (!etag || !ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
