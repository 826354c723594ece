// The query rules of "site-search": what the reader's search accepts, cuts and refuses.
import { describe, expect, it } from "vitest";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../domain/search";
import { parseSourceQuery, QueryError, SEARCH_FEED_SIZE } from "./declarations";
import { planSearch } from "./plans";

const parse = (query: Record<string, unknown>) => parseSourceQuery("site-search", { website: "semana", ...query });

describe("site-search query", () => {
  it("takes the reader's words with 10 results from the start by default", () => {
    expect(parse({ query: "economia" })).toEqual({ website: "semana", query: "economia", feedSize: SEARCH_FEED_SIZE, feedOffset: 0 });
  });

  it("cleans and cuts any text instead of refusing it", () => {
    expect(parse({ query: "x".repeat(2_000) }).query).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
    expect(parse({ query: "\u0000paro\u001b[31m camionero\u0007" }).query).toBe("paro [31m camionero");
    expect(parse({ query: "" }).query).toBe("");
  });

  it("refuses a missing query, unknown parameters and facets it cannot read, naming each", () => {
    expect(() => parse({})).toThrow(/query: falta este parámetro/);
    expect(() => parse({ query: 5 })).toThrow(/query = 5: se esperaba el texto que se busca/);
    expect(() => parse({ query: "a", q: "b" })).toThrow(/q = "b": parámetro desconocido/);
    expect(() => parse({ query: "a", type: "podcast" })).toThrow(/type = "podcast": se esperaba story, video o gallery/);
    expect(() => parse({ query: "a", from: "2024-13-01" })).toThrow(/from = "2024-13-01"/);
    expect(() => parse({ query: "a", from: "2024-05-02", to: "2024-05-01" })).toThrow(/to = "2024-05-01": from debe ser anterior o igual a to/);
    expect(() => parse({ query: "a", feedSize: 1000 })).toThrow(QueryError);
  });

  it("plans nothing without words, and days as Colombian calendar days", () => {
    expect(planSearch(parse({ query: " \u0000 " }))).toBeNull();
    expect(planSearch(parse({ query: "paro", section: "economia", type: "video", from: "2024-05-01", to: "2024-05-02", feedOffset: 20 }))).toEqual({
      filter: {
        brand: "semana",
        text: "paro",
        section: "/economia",
        types: ["video"],
        publishDate: { gte: "2024-05-01T05:00:00.000Z", lt: "2024-05-03T05:00:00.000Z" },
      },
      page: { size: 10, offset: 20 },
    });
  });
});
