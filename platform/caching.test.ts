// The caching policy's rules as a CDN and a browser see them (docs/decisions/0065-one-caching-policy.md).
import { describe, expect, it } from "vitest";
import { CACHE_CONTROL, entityTag, mayShare, notModified, sharedFor, sharedLifetime, sharedPage } from "./caching";

describe("the caching policy", () => {
  it("gives shared caches a freshness, ten times that stale while they refetch, and a day while the origin fails", () => {
    expect(sharedFor(300)).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=3000, stale-if-error=86400");
    expect(CACHE_CONTROL.page).toBe(sharedFor(60));
    expect(CACHE_CONTROL.block).toBe(CACHE_CONTROL.page);
  });

  it("keeps an answer a publication window changes, fresh or stale, no longer than until then, but while the origin fails", () => {
    expect(sharedPage()).toBe(CACHE_CONTROL.page);
    expect(sharedPage(3600)).toBe(CACHE_CONTROL.page);
    // Fresh for its 60 s, then stale only for what is left until the window changes it.
    expect(sharedPage(300)).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=240, stale-if-error=86400");
    expect(sharedPage(45)).toBe("public, max-age=0, s-maxage=45, stale-while-revalidate=0, stale-if-error=86400");
    expect(sharedPage(0)).toBe("public, max-age=0, s-maxage=0, stale-while-revalidate=0, stale-if-error=86400");
    expect(sharedFor(900, 120)).toBe("public, max-age=0, s-maxage=120, stale-while-revalidate=0, stale-if-error=86400");
  });

  it("reads back what a Cache-Control lets shared caches keep, fresh and stale", () => {
    expect(sharedLifetime(sharedPage(45))).toEqual({ fresh: 45, stale: 0 });
    expect(sharedLifetime(CACHE_CONTROL.page)).toEqual({ fresh: 60, stale: 600 });
    expect(sharedLifetime("public, s-maxage=60")).toEqual({ fresh: 60, stale: undefined });
    expect(sharedLifetime("public, max-age=30")).toEqual({ fresh: undefined, stale: undefined });
    expect(sharedLifetime(undefined)).toEqual({ fresh: undefined, stale: undefined });
  });

  it("lets the page cache share a public page, redirect or not-found page, never one that sets a cookie or is private", () => {
    expect(mayShare(200, CACHE_CONTROL.page, false)).toBe(true);
    expect(mayShare(301, CACHE_CONTROL.movedOutput, false)).toBe(true);
    expect(mayShare(404, CACHE_CONTROL.page, false)).toBe(true);
    expect(mayShare(200, CACHE_CONTROL.page, true)).toBe(false);
    expect(mayShare(200, CACHE_CONTROL.personal, false)).toBe(false);
    expect(mayShare(200, CACHE_CONTROL.none, false)).toBe(false);
    expect(mayShare(503, CACHE_CONTROL.page, false)).toBe(false);
    expect(mayShare(200, undefined, false)).toBe(false);
    // A directive that merely contains the word is not "public".
    expect(mayShare(200, "no-public-cache", false)).toBe(false);
  });

  it("tags equal bodies alike, and answers 304 to a tag in a list, compared weakly, or to *", () => {
    const tag = entityTag("<p>hola</p>");
    expect(tag).toMatch(/^W\/"[\w-]+"$/);
    expect(entityTag(Buffer.from("<p>hola</p>"))).toBe(tag);
    expect(entityTag("<p>chao</p>")).not.toBe(tag);
    expect(notModified(tag, tag)).toBe(true);
    expect(notModified(`"otro", ${tag.slice(2)}`, tag)).toBe(true);
    expect(notModified("*", tag)).toBe(true);
    expect(notModified('W/"otro"', tag)).toBe(false);
    expect(notModified(undefined, tag)).toBe(false);
    expect(notModified(tag, undefined)).toBe(false);
  });
});
