import { describe, expect, it } from "vitest";
import {
  contentSourceDeclarations,
  DEFAULT_FEED_SIZE,
  LATEST_STORIES_EXCLUDED_SECTION,
  MAX_FEED_SIZE,
  MOST_READ_SIZE,
  parseSourceQuery,
  QueryError,
  sourceNames,
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
      ].sort(),
    );
    for (const declaration of contentSourceDeclarations) expect(declaration.ttlSeconds).toBeGreaterThan(0);
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
