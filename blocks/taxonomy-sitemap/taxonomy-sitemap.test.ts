// The taxonomy-sitemap block: the section, tag and author pages with articles that the site serves.
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../runtime/types";
import taxonomySitemap from "./index.server";

const context = (extra: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/", params: {}, query: {}, ...extra });

describe("taxonomy sitemap", () => {
  it("list only the section, tag and author pages the site serves", () => {
    const answers = { terms: { terms: [{ id: "/nacion", lastmod: "2026-01-01T00:00:00.000Z" }, { id: "/nacion/sub", lastmod: "x" }, { id: "/Mal formado" }] } };
    const routable = (path: string) => path === "/nacion/";
    const data = taxonomySitemap.transform!(answers, { published: true, kind: "sections" }, context({ routable }));
    expect(data.entries.map((e: { path: string }) => e.path)).toEqual(["/nacion/"]);
    const tags = taxonomySitemap.transform!({ terms: { terms: [{ id: "paz" }, { id: "../x" }] } }, { published: true, kind: "tags" }, context());
    expect(tags.entries.map((e: { path: string }) => e.path)).toEqual(["/noticias/paz/"]);
    // Authors' pages live under /opinion/ (docs/opinion-and-authors.md#author-pages).
    const authors = taxonomySitemap.transform!({ terms: { terms: [{ id: "vicky-davila" }] } }, { published: true, kind: "authors" }, context());
    expect(authors.entries.map((e: { path: string }) => e.path)).toEqual(["/opinion/vicky-davila/"]);
  });
});
