import { describe, expect, it } from "vitest";
import { contentPath, isWebUrlWithin } from "./urls";

describe("contentPath", () => {
  it("keeps a path and serves another newsroom's absolute URL at its path", () => {
    expect(contentPath("/nacion/articulo/x/123/")).toBe("/nacion/articulo/x/123/");
    expect(contentPath("https://www.example.com/section/slug.html")).toBe("/section/slug.html");
    expect(contentPath("http://www.washingtonpost.com/local/a_story.html?utm=1#top")).toBe("/local/a_story.html");
    expect(contentPath("https://www.youtube.com/watch?v=abc")).toBe("/watch");
    expect(contentPath("https://example.com")).toBe("/");
  });

  it("never gives a path a browser reads as another host, nor one from an unsafe URL", () => {
    expect(contentPath("https://example.com//evil.example/x")).toBe("/evil.example/x");
    expect(contentPath("javascript:alert(1)")).toBeUndefined();
    expect(contentPath("//evil.example/x")).toBeUndefined();
    expect(contentPath("#top")).toBeUndefined();
    expect(contentPath(42)).toBeUndefined();
    expect(contentPath("")).toBeUndefined();
  });
});

describe("isWebUrlWithin", () => {
  const hosts = ["www.semana.com", "semana.com", "elpais.localhost"];
  it("takes http(s) URLs on the hosts and their subdomains, nothing else", () => {
    expect(isWebUrlWithin("https://flip.semana.com/ediciones/2026/1000/", hosts)).toBe(true);
    expect(isWebUrlWithin("https://www.semana.com/x/", hosts)).toBe(true);
    expect(isWebUrlWithin("http://semana.com/", hosts)).toBe(true);
    expect(isWebUrlWithin("https://flip.elpais.localhost/", hosts)).toBe(true);
    for (const bad of [
      "https://semana.com.evil.example/",
      "https://evilsemana.com/",
      "javascript:alert(1)//semana.com",
      "//flip.semana.com/",
      "/edicion/",
      7,
    ]) {
      expect(isWebUrlWithin(bad, hosts), String(bad)).toBe(false);
    }
  });
});
