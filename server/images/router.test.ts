import { promises as fs } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import sharp from "sharp";
import { generateSourceImages } from "./images";
import { CACHE_CONTROL } from "../../platform/caching";
import { createImagesRouter, preferredFormat } from "./router";

let dir: string;
let server: http.Server;
let origin: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "images-router-"));
  await generateSourceImages(dir, { only: ["politica-01", "autor-02"] });
  // A file beside the images that must never be reachable through the router.
  await fs.writeFile(path.join(path.dirname(dir), "secreto-images-router.jpg"), "secreto");
  const app = express();
  app.use(createImagesRouter(dir));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await fs.rm(dir, { recursive: true, force: true });
  await fs.rm(path.join(path.dirname(dir), "secreto-images-router.jpg"), { force: true });
});

/** A GET with the path and headers sent exactly as written (fetch normalises "../" and adds no-cache to conditional requests). */
function rawGet(rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin);
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: "GET", headers }, (res) => {
      let body = "";
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("images router", () => {
  it("serves the original with long-lived cache headers and an ETag", async () => {
    const res = await fetch(`${origin}/images/politica-01.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe(CACHE_CONTROL.image);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1600, 900]);

    const again = await rawGet("/images/politica-01.jpg", { "If-None-Match": etag! });
    expect(again).toEqual({ status: 304, body: "" });
  });

  it("serves a resized variant for ?w=, as AVIF or WebP to browsers that accept them", async () => {
    const jpeg = await fetch(`${origin}/images/politica-01.jpg?w=480`, { headers: { Accept: "image/jpeg,*/*" } });
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("vary")).toContain("Accept");
    expect(jpeg.headers.get("cache-control")).toBe(CACHE_CONTROL.image);
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).width).toBe(480);

    const webp = await fetch(`${origin}/images/autor-02.jpg?w=768`, { headers: { Accept: "image/webp,*/*" } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect([meta.format, meta.width]).toEqual(["webp", 768]);

    // What Chromium asks for an <img>.
    const avif = await fetch(`${origin}/images/autor-02.jpg?w=768`, {
      headers: { Accept: "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8" },
    });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toContain("Accept");
    const avifMeta = await sharp(Buffer.from(await avif.arrayBuffer())).metadata();
    expect([avifMeta.format, avifMeta.width]).toEqual(["heif", 768]);
  });

  it("prefers AVIF, then WebP, then JPEG", () => {
    expect(preferredFormat("image/avif,image/webp,*/*")).toBe("avif");
    expect(preferredFormat("image/webp,*/*")).toBe("webp");
    expect(preferredFormat("image/*,*/*;q=0.8")).toBe("jpeg");
    expect(preferredFormat(undefined)).toBe("jpeg");
  });

  it("answers HEAD with the headers and no body", async () => {
    const res = await fetch(`${origin}/images/autor-02.jpg?w=480`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(CACHE_CONTROL.image);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(1000);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers 404 for an unknown image", async () => {
    const res = await fetch(`${origin}/images/no-existe.jpg`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Imagen no encontrada");
    expect((await fetch(`${origin}/images/politica-01.png`)).status).toBe(404);
  });

  it("answers 400 with the allowed widths for any other width", async () => {
    for (const w of ["500", "0", "abc", "1440px"]) {
      const res = await fetch(`${origin}/images/politica-01.jpg?w=${w}`);
      expect(res.status, w).toBe(400);
      expect(await res.text()).toContain("480, 768, 1024, 1440");
    }
    const twice = await fetch(`${origin}/images/politica-01.jpg?w=480&w=768`);
    expect(twice.status).toBe(400);
  });

  it.each([
    "/images/..%2Fsecreto-images-router.jpg",
    "/images/..%2F..%2Fsecreto-images-router.jpg",
    "/images/%2e%2e%2fsecreto-images-router.jpg",
    "/images/../secreto-images-router.jpg",
    "/images/..%5csecreto-images-router.jpg",
  ])("refuses the traversal %s", async (rawPath) => {
    const res = await rawGet(rawPath);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain("secreto\n");
    expect(res.body).not.toBe("secreto");
  });
});
