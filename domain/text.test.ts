import { describe, expect, it } from "vitest";
import { hasForbiddenCharacters } from "./characters";
import { hasControlCharacters, quoteInput, QUOTED_INPUT_LENGTH } from "./text";

describe("quoteInput", () => {
  it("quotes a short value whole, between «»", () => {
    expect(quoteInput("ana@example.com")).toBe("«ana@example.com»");
    expect(quoteInput("")).toBe("«»");
  });

  it("cuts a long value at 80 characters and says so with …", () => {
    expect(QUOTED_INPUT_LENGTH).toBe(80);
    const quoted = quoteInput("a".repeat(3000) + "@example.com");
    expect(quoted).toBe(`«${"a".repeat(80)}…»`);
    // Exactly at the limit: whole, without the ellipsis.
    expect(quoteInput("b".repeat(80))).toBe(`«${"b".repeat(80)}»`);
    expect(quoteInput("c".repeat(81))).toBe(`«${"c".repeat(80)}…»`);
    expect(quoteInput("d".repeat(500), 120)).toBe(`«${"d".repeat(120)}…»`);
  });

  it("counts characters, never splitting an emoji's surrogate pair", () => {
    const quoted = quoteInput("😀".repeat(100));
    expect(quoted).toBe(`«${"😀".repeat(80)}…»`);
    expect(quoted).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it("shows control characters and broken surrogates as �, so a message stays one printable line", () => {
    expect(quoteInput("a\u0000b\nc\u001b[31m\u007f")).toBe("«a\ufffdb\ufffdc\ufffd[31m\ufffd»");
    expect(quoteInput("x\ud800y")).toBe("«x\ufffdy»");
  });

  it("quotes values that are not text as their JSON", () => {
    expect(quoteInput(42)).toBe("«42»");
    expect(quoteInput({ a: 1 })).toBe('«{"a":1}»');
    expect(quoteInput(["x".repeat(200)])).toBe(`«["${"x".repeat(78)}…»`);
    expect(quoteInput(undefined)).toBe("«undefined»");
  });
});

describe("character rules", () => {
  it("finds control characters, and lets multi-line text keep its line feeds only", () => {
    expect(hasControlCharacters("hola")).toBe(false);
    expect(hasControlCharacters("ho\tla")).toBe(true);
    expect(hasForbiddenCharacters("línea\nsiguiente", { multiline: true })).toBe(false);
    expect(hasForbiddenCharacters("línea\nsiguiente")).toBe(true);
    expect(hasForbiddenCharacters("nul\u0000", { multiline: true })).toBe(true);
    expect(hasForbiddenCharacters("medio \ud83d par")).toBe(true);
    expect(hasForbiddenCharacters("emoji 😀 entero")).toBe(false);
  });
});
