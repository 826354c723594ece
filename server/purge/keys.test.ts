import { describe, expect, it } from "vitest";
import { answerKeys, documentKey, keyHeaders, MAX_KEY_HEADER_BYTES, responseKeys } from "./keys";
import { messages } from "./bus";

const story = (id: string) => ({
  _id: id,
  type: "story",
  headlines: { basic: id },
  content_elements: [{ _id: `${id}P1`, type: "text", content: "…" }],
});

describe("content keys", () => {
  it("name the documents of an answer, its source and, for a list, its brand's lists; never a document's elements", () => {
    const list = { type: "results", content_elements: [story("AAA111"), story("BBB222")], count: 2 };
    expect(answerKeys({ source: "content-apir", query: { website: "semana" } }, list)).toEqual(["s-content-apir", "AAA111", "BBB222", "l-semana"]);
    expect(answerKeys({ source: "content-by-url", query: { website: "semana", url: "/x/" } }, story("CCC333"))).toEqual(["s-content-by-url", "CCC333"]);
    expect(answerKeys({ source: "content-by-url", query: {} }, null)).toEqual(["s-content-by-url"]);
  });

  it("write an _id with characters a CDN header cannot carry as a digest, the same each time", () => {
    expect(documentKey("4TD3NKQZ7BFSHMPLXW2YJRAGCE")).toBe("4TD3NKQZ7BFSHMPLXW2YJRAGCE");
    const odd = documentKey("nota con espacios/y,comas");
    expect(odd).toMatch(/^h-[A-Za-z0-9_-]{22}$/);
    expect(documentKey("nota con espacios/y,comas")).toBe(odd);
  });

  it("go in Surrogate-Key (spaces) and Cache-Tag (commas) with the brand's key first", () => {
    expect(keyHeaders("soho", ["s-section-api", "AAA111"])).toEqual({
      "Surrogate-Key": "b-soho s-section-api AAA111",
      "Cache-Tag": "b-soho,s-section-api,AAA111",
    });
  });

  it("past the CDNs' 16 KB, leave the documents out and keep the brand, source and list keys", () => {
    const many = Array.from({ length: 700 }, (_, i) => `DOC${String(i).padStart(23, "0")}`);
    const named = responseKeys("semana", ["s-content-apir", "l-semana", ...many]);
    expect(named).toEqual(["b-semana", "s-content-apir", "l-semana"]);
    expect(responseKeys("semana", many.slice(0, 100)).join(" ").length).toBeLessThan(MAX_KEY_HEADER_BYTES);
    expect(responseKeys("semana", many.slice(0, 100))).toHaveLength(101);
  });

  it("travel in messages that fit a PostgreSQL notification, none lost", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `K${String(i).padStart(25, "0")}`);
    const sent = messages(keys);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.every((message) => message.length <= 7000)).toBe(true);
    expect(sent.flatMap((message) => message.split(" "))).toEqual(keys);
  });
});
