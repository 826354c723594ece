// The caching policy's rules as a CDN and a browser see them (docs/decisions/0065-one-caching-policy.md).
import { describe, expect, it } from "vitest";
import { CACHE_CONTROL, entityTag, mayShare, notModified, sharedFor } from "./caching";

describe("the caching policy", () => {
  it("gives shared caches a freshness, ten times that stale while they refetch, and a day while the origin fails", () => {
    expect(sharedFor(300)).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=3000, stale-if-error=86400");
    expect(CACHE_CONTROL.page).toBe(sharedFor(60));
    expect(CACHE_CONTROL.block).toBe(CACHE_CONTROL.page);
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
