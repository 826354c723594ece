import { describe, expect, it } from "vitest";
import { planList } from "./plans";
import {
  contentSourceDeclarations,
  DEFAULT_FEED_SIZE,
  LATEST_STORIES_EXCLUDED_SECTION,
  MAX_FEED_SIZE,
  MOST_READ_SIZE,
  parseSourceQuery,
  QueryError,
  sourceNames,
  currentMonth,
  monthRange,
  TTL_SECONDS,
} from "./declarations";

describe("content source declarations", () => {
  it("declare every named source of the specs, each with a TTL", () => {
    expect(sourceNames.sort()).toEqual(
      [
        "content-apir",
        "content-apir-v2",
        "content-apir-date",
        "content-apir-semanaTV-v2",
        "content-api-search-author",
        "authors-api",
        "content-api-collections",
        "gallery-by-id",
        "latest-stories",
        "section-source",
        "search-query-source",
        "navigation-source",
        "video-section-source",
        "section-api",
        "navigation-api",
        "taboola-newsroom-api",
        "youtube-api-videos",
        "content-by-url",
        // Sitemaps and feeds (docs/decisions/0016-output-types.md).
        "published-content",
        "published-months",
        "taxonomy-terms",
        // The reader's search page (docs/listings.md#search-results).
        "site-search",
      ].sort(),
    );
    for (const declaration of contentSourceDeclarations) expect(declaration.ttlSeconds).toBeGreaterThan(0);
  });

  it("keep past months' sitemaps fresh longer than this month's and the last hours'", () => {
    const published = contentSourceDeclarations.find((d) => d.name === "published-content")!;
    expect(published.ttlFor!({ website: "semana", month: "2001-01" })).toBe(TTL_SECONDS.pastMonth);
    expect(published.ttlFor!({ website: "semana", month: currentMonth(new Date()) })).toBe(TTL_SECONDS.recent);
    expect(published.ttlFor!({ website: "semana", since: "2026-01-01T00:00:00Z" })).toBe(TTL_SECONDS.recent);
    expect(monthRange("2026-12")).toEqual({ gte: "2026-12-01T05:00:00.000Z", lt: "2027-01-01T05:00:00.000Z" });
    expect(monthRange("0001-01").lt).toBe("0001-02-01T05:00:00.000Z");
  });

  it("reject a month, an instant or a kind they cannot read, naming the parameter", () => {
    expect(() => parseSourceQuery("published-content", { website: "semana", month: "2026-13" })).toThrow(/month = "2026-13"/);
    expect(() => parseSourceQuery("published-content", { website: "semana", since: "ayer" })).toThrow(/since = "ayer"/);
    expect(() => parseSourceQuery("published-content", { website: "semana", feedSize: 50_001 })).toThrow(/feedSize/);
    expect(() => parseSourceQuery("taxonomy-terms", { website: "semana", kind: "temas" })).toThrow(/kind = "temas"/);
    expect(parseSourceQuery("published-content", { website: "semana", month: "2026-03" })).toMatchObject({ feedSize: 1000, feedOffset: 0 });
    // A part of a month's sitemap: "2026-03-2" is the second 50,000 of March; part 1 has no suffix.
    const part = parseSourceQuery("published-content", { website: "semana", month: "2026-03-2", feedSize: 50_000 });
    expect(planList("published-content", part)!.page.offset).toBe(50_000);
    expect(planList("published-content", part)!.filter.publishDate).toEqual(monthRange("2026-03"));
    for (const month of ["2026-03-1", "2026-03-0", "2026-03-x", "2026-03-2-2"]) {
      expect(() => parseSourceQuery("published-content", { website: "semana", month }), month).toThrow(/month/);
    }
  });

  it("leave out the documents of excludeIds from a section feed (a gallery page's own gallery), on both section sources", () => {
    const latest = parseSourceQuery("content-apir", { website: "semana", includeSections: "/galerias", feedSize: 4, excludeIds: " G1 , G2 " });
    expect(planList("content-apir", latest)!.filter).toEqual({ brand: "semana", sections: ["/galerias"], exclude: { ids: ["G1", "G2"] } });
    const related = parseSourceQuery("content-apir-v2", { website: "semana", includeSections: "galerias", includeSubtypes: "viajes", excludeIds: "G1" });
    expect(planList("content-apir-v2", related)!.filter).toMatchObject({ primarySections: ["/galerias"], subtypes: ["viajes"], exclude: { ids: ["G1"] } });
    expect(planList("content-apir", parseSourceQuery("content-apir", { website: "semana", includeSections: "/galerias" }))!.filter.exclude).toBeUndefined();
    expect(() => parseSourceQuery("content-apir", { website: "semana", excludeIds: " " })).toThrow(/excludeIds/);
  });

  it("keep the spec's limits as named constants", () => {
    expect(MOST_READ_SIZE).toBe(3);
    expect(MAX_FEED_SIZE).toBe(100);
    expect(LATEST_STORIES_EXCLUDED_SECTION).toBe("/edicion");
    expect(DEFAULT_FEED_SIZE).toBe(10);
  });

  it("require website on every source and reject unknown parameters on every source", () => {
    for (const name of sourceNames) {
      expect(() => parseSourceQuery(name, {}), name).toThrow(/website: falta este parámetro/);
      expect(() => parseSourceQuery(name, { website: "semana", sitio: "x" }), name).toThrow(/sitio = "x": parámetro desconocido/);
    }
  });

  it("coerce numbers from a URL and fill defaults, but reject a wrong type naming it", () => {
    expect(parseSourceQuery("content-apir", { website: "semana", feedSize: "8", feedOffset: " 16 " })).toEqual({
      website: "semana",
      feedSize: 8,
      feedOffset: 16,
    });
    expect(parseSourceQuery("content-apir", { website: "semana" })).toMatchObject({ feedSize: DEFAULT_FEED_SIZE, feedOffset: 0 });
    expect(parseSourceQuery("latest-stories", { website: "semana" })).toMatchObject({ sort: "publish_date:desc" });
    const error = (() => {
      try {
        parseSourceQuery("content-apir", { website: "semana", feedSize: "seis", feedOffset: -1, sourceInclude: "a b" });
      } catch (caught) {
        return caught as QueryError;
      }
    })();
    expect(error).toBeInstanceOf(QueryError);
    expect(error!.problems.map((problem) => [problem.parameter, problem.value])).toEqual([
      ["feedSize", "seis"],
      ["feedOffset", -1],
      ["sourceInclude", "a b"],
    ]);
    expect(error!.message).toBe(
      'content-apir: consulta no válida: feedSize = "seis": se esperaba un número entero; feedOffset = -1: debe ser al menos 0; ' +
        'sourceInclude = "a b": se esperaba una lista de campos separada por comas, p. ej. headlines.basic,promo_items.basic',
    );
    expect(() => parseSourceQuery("content-apir", { website: "Semana Tv" })).toThrow(/website = "Semana Tv"/);
    expect(() => parseSourceQuery("content-apir", "feedSize=6")).toThrow(/la consulta debe ser un objeto/);
  });
});
