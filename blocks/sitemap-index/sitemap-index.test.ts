// The sitemap-index block: a sitemap per month with articles, oldest first, then the fixed ones.
import { expect, it } from "vitest";
import sitemapIndex from "./index.server";

const context = { brand: "semana", path: "/", params: {}, query: {} };

it("names a sitemap per month with articles, with its lastmod, then the fixed sitemaps", () => {
  expect(sitemapIndex.fetch!({ published: true }, context)).toEqual({ months: { source: "published-months", query: { website: "semana" } } });
  const months = {
    months: [
      { month: "2025-12", count: 3, lastmod: "2025-12-30T10:00:00.000Z" },
      { month: "2026-01", count: 0, lastmod: "2026-01-02T10:00:00.000Z" },
      { month: "2026-13", count: 2, lastmod: "x" },
      { month: "2026-02", count: 1, lastmod: "no es fecha" },
    ],
  };
  const data = sitemapIndex.transform!({ months }, { published: true, monthPath: "/s/{month}/", sitemaps: ["/s/secciones/"] }, context);
  expect(data.sitemaps).toEqual([{ path: "/s/2025-12/", lastmod: "2025-12-30T10:00:00.000Z" }, { path: "/s/2026-02/" }, { path: "/s/secciones/" }]);
});

it("splits a month with more articles than a sitemap may list into parts of 50,000", () => {
  const months = { months: [{ month: "2026-03", count: 120_000, lastmod: "2026-03-31T10:00:00.000Z" }] };
  const data = sitemapIndex.transform!({ months }, { published: true, monthPath: "/s/{month}/" }, context);
  expect(data.sitemaps.map((s) => s.path)).toEqual(["/s/2026-03/", "/s/2026-03-2/", "/s/2026-03-3/"]);
});
