// The content-feed block (docs/decisions/0016-output-types.md): entries only for addresses on this
// site, the body only where the paywall leaves it free for anonymous readers, exactly the last hours.
import { describe, expect, it } from "vitest";
import { lockedForAnonymous } from "../../server/paywall";
import { toOutputEntry, withParams } from "../_shared/outputs";
import contentFeed from "./index.server";
import { context, doc } from "../../tests/support/output-documents";

describe("content feed", () => {
  it("keep only entries whose address is a path on this site, and drop redirects", () => {
    expect(toOutputEntry(doc("a"))?.path).toBe("/nacion/articulo/a/");
    for (const url of ["javascript:alert(1)", "//evil.example/x/", "https://evil.example/x/", "/a b/"])
      expect(toOutputEntry(doc("b", { canonical_url: url }))).toBeUndefined();
    expect(toOutputEntry(doc("c", { related_content: { redirect: [{ redirect_url: "/otra/" }] } }))).toBeUndefined();
    expect(toOutputEntry(doc("d", { promo_items: { basic: { url: "javascript:alert(1)" } } }))?.image).toBeUndefined();
  });

  it("carry the body, sanitised, only when the paywall leaves it free for anonymous readers", () => {
    const free = toOutputEntry(doc("a"), { body: true, context: context({ isLocked: lockedForAnonymous }) });
    expect(free?.body).toContain("<p>Primer párrafo.</p>");
    expect(free?.body).not.toMatch(/script|javascript:/);
    const locked = doc("b", { content_restrictions: { content_code: "3" }, taxonomy: { primary_section: { _id: "/nacion" }, sections: [{ _id: "/nacion" }] } });
    expect(lockedForAnonymous(locked)).toBe(true);
    expect(toOutputEntry(locked, { body: true, context: context({ isLocked: lockedForAnonymous }) })?.body).toBeUndefined();
    // Without a paywall decision in the context, no body at all.
    expect(toOutputEntry(doc("a"), { body: true, context: context() })?.body).toBeUndefined();
  });

  it("keep exactly the last hours, counted from the request's instant", () => {
    const now = new Date("2026-11-21T17:00:00.000Z");
    const settings = { published: true, lastHours: 48, contentConfig: { source: "published-content", query: { feedSize: 1000 } } };
    const spec = contentFeed.fetch!(settings, context({ now })).documents;
    expect(spec.query).toMatchObject({ website: "semana", feedSize: 1000, since: "2026-11-19T17:00:00.000Z" });
    const answers = {
      documents: {
        content_elements: [
          doc("dentro", { publish_date: "2026-11-19T17:00:00.000Z" }),
          doc("fuera", { publish_date: "2026-11-19T16:59:59.999Z" }),
          doc("reciente", { publish_date: "2026-11-21T16:00:00.000Z" }),
        ],
      },
    };
    const data = contentFeed.transform!(answers, settings, context({ now }));
    expect(data.entries.map((e: { id: string }) => e.id)).toEqual(["dentro", "reciente"]);
  });

  it("fill route parameters into the query, and only with letters, digits, hyphens and slashes", () => {
    expect(withParams({ includeSections: "/{section}", feedSize: 50 }, { section: "economia/opinion" })).toEqual({
      includeSections: "/economia/opinion",
      feedSize: 50,
    });
    expect(withParams({ queryString: 'taxonomy.tags.slug:"{tag}"' }, { tag: 'x" OR a' })).toEqual({ queryString: 'taxonomy.tags.slug:"-"' });
  });
});
