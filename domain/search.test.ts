import { describe, expect, it } from "vitest";
import { cleanSearchQuery, SEARCH_QUERY_MAX_LENGTH, SNIPPET_MARK_END as E, SNIPPET_MARK_START as S, snippetParts } from "./search";

describe("cleanSearchQuery", () => {
  it("turns control characters and the snippet marks into spaces and collapses spaces", () => {
    expect(cleanSearchQuery("  economía\u0000\u0007de\tColombia\r\n ")).toBe("economía de Colombia");
    expect(cleanSearchQuery(`a${S}b${E}c\u2028d\uFEFF`)).toBe("a b c d");
    expect(cleanSearchQuery("\u0000\u001b\u007f")).toBe("");
  });

  it("keeps quotes, minus signs and any other character for the search to read", () => {
    expect(cleanSearchQuery('"paro camionero" -Bogotá <b>&amp;')).toBe('"paro camionero" -Bogotá <b>&amp;');
  });

  it("cuts at 200 characters, at the last word when one ends near the cut", () => {
    const long = "ganadería ".repeat(400);
    const cut = cleanSearchQuery(long);
    expect([...cut].length).toBeLessThanOrEqual(SEARCH_QUERY_MAX_LENGTH);
    expect(cut.endsWith("ganadería")).toBe(true);
    expect(cleanSearchQuery("x".repeat(2_000))).toBe("x".repeat(SEARCH_QUERY_MAX_LENGTH));
    // Characters, not UTF-16 units: an emoji is not split in half.
    expect([...cleanSearchQuery("😀".repeat(300))]).toHaveLength(SEARCH_QUERY_MAX_LENGTH);
  });
});

describe("snippetParts", () => {
  it("splits a snippet into text and highlighted words", () => {
    expect(snippetParts(`La ${S}economía${E} crece y la ${S}economia${E}.`)).toEqual([
      { text: "La " },
      { text: "economía", mark: true },
      { text: " crece y la " },
      { text: "economia", mark: true },
      { text: "." },
    ]);
  });

  it("drops unbalanced marks and keeps markup as text", () => {
    expect(snippetParts(`<script>x</script>${E} a ${S}b`)).toEqual([{ text: "<script>x</script> a b" }]);
    expect(snippetParts("")).toEqual([]);
  });
});
