import { describe, expect, it } from "vitest";
import { contentPath, isWebUrlWithin, safeMediaSrc } from "./urls";

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

describe("safeMediaSrc", () => {
  it("takes a path on this site and https URLs on public hosts", () => {
    expect(safeMediaSrc("/videos/a-480.mp4")).toBe("/videos/a-480.mp4");
    expect(safeMediaSrc(" https://videos.example.org/a.mp4 ")).toBe("https://videos.example.org/a.mp4");
  });

  it("refuses other schemes, http, credentials and the reader's own machine or network", () => {
    for (const bad of [
      "javascript:alert(1)//.mp4",
      "data:video/mp4;base64,AAAA",
      "//evil.example/a.mp4",
      "http://videos.example.org/a.mp4",
      "https://user:pw@videos.example.org/a.mp4",
      "https://localhost/a.mp4",
      "https://cam.localhost/a.mp4",
      "https://nas.local/a.mp4",
      "https://router/a.mp4",
      "https://127.0.0.1/a.mp4",
      "https://10.0.0.8/a.mp4",
      "https://192.168.1.1/a.mp4",
      "https://172.20.0.1/a.mp4",
      "https://169.254.169.254/a.mp4",
      "https://[::1]/a.mp4",
      "",
      42,
    ])
      expect(safeMediaSrc(bad), String(bad)).toBeUndefined();
  });
});
