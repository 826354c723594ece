import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "../../domain/images";
import { SOURCE_IMAGES, imageThemes, sourceImage } from "./catalog";
import { ImageRequestError, generateSourceImages, imageVariant } from "./images";

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "images-test-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const sha1 = (data: Buffer) => createHash("sha1").update(data).digest("hex");

describe("generateSourceImages", () => {
  // How long drawing takes is measured by `npm run bench:content`, not asserted here.
  it("renders the whole catalogue with the declared sizes, all distinct", async () => {
    const first = await generateSourceImages(dir);
    expect(first.generated).toBe(SOURCE_IMAGES.length);
    const photos = SOURCE_IMAGES.filter((spec) => spec.kind === "photo");
    expect(photos.length).toBeGreaterThanOrEqual(60);
    expect(photos.length).toBeLessThanOrEqual(120);
    expect(SOURCE_IMAGES.filter((spec) => spec.kind === "portrait").length).toBeGreaterThanOrEqual(20);

    const hashes = new Set<string>();
    for (const spec of SOURCE_IMAGES) {
      const data = await fs.readFile(path.join(dir, `${spec.name}.jpg`));
      const meta = await sharp(data).metadata();
      expect(meta.format, spec.name).toBe("jpeg");
      expect([meta.width, meta.height], spec.name).toEqual([spec.width, spec.height]);
      hashes.add(sha1(data));
    }
    expect(hashes.size).toBe(SOURCE_IMAGES.length);
    expect(sourceImage("politica-01")).toMatchObject({ width: 1600, height: 900 });
    expect(sourceImage("autor-01")?.width).toBe(sourceImage("autor-01")?.height);
    // Seconds of CPU on a quiet machine, over a minute on a loaded one: the bound only catches a hang.
  }, 600_000);

  it("keeps the images of a previous start instead of drawing them again", async () => {
    const before = await fs.stat(path.join(dir, `${SOURCE_IMAGES[0].name}.jpg`));
    const again = await generateSourceImages(dir);
    expect(again).toMatchObject({ generated: 0, skipped: SOURCE_IMAGES.length });
    // Not rewritten: the file of the first start is the one on disk.
    expect((await fs.stat(path.join(dir, `${SOURCE_IMAGES[0].name}.jpg`))).mtimeMs).toBe(before.mtimeMs);
  });

  it("clears the half-written files of a dead start, not those of a process still writing", async () => {
    const other = await fs.mkdtemp(path.join(os.tmpdir(), "images-test-tmp-"));
    try {
      const name = SOURCE_IMAGES[0].name;
      // No process has a pid above the kernel's limit (2^22): that start is dead.
      const dead = `${name}.jpg.${2 ** 22 + 1}.abc.tmp`;
      const writing = `${name}.jpg.${process.ppid}.def.tmp`;
      for (const file of [dead, writing]) await fs.writeFile(path.join(other, file), "a medias");
      await generateSourceImages(other, { only: [name] });
      const left = await fs.readdir(other);
      expect(left).toContain(writing);
      expect(left).not.toContain(dead);
    } finally {
      await fs.rm(other, { recursive: true, force: true });
    }
  });

  it("draws the same bytes every time", async () => {
    const other = await fs.mkdtemp(path.join(os.tmpdir(), "images-test-again-"));
    try {
      const names = imageThemes
        .slice(0, 3)
        .map((theme) => `${theme}-02`)
        .concat("autor-07", "portada-03");
      await generateSourceImages(other, { only: names });
      for (const name of names) {
        const a = await fs.readFile(path.join(dir, `${name}.jpg`));
        const b = await fs.readFile(path.join(other, `${name}.jpg`));
        expect(sha1(a), name).toBe(sha1(b));
      }
    } finally {
      await fs.rm(other, { recursive: true, force: true });
    }
  });
});

describe("imageVariant", () => {
  it.each(IMAGE_WIDTHS)("resizes to %i px wide, as JPEG, WebP and AVIF, and caches it on disk", async (width) => {
    const jpeg = await imageVariant(dir, "deportes-03", width);
    const jpegMeta = await sharp(jpeg.path).metadata();
    expect(jpeg.contentType).toBe("image/jpeg");
    expect([jpegMeta.format, jpegMeta.width, jpegMeta.height]).toEqual(["jpeg", width, Math.round((width * 900) / 1600)]);

    const webp = await imageVariant(dir, "deportes-03", width, "webp");
    const webpMeta = await sharp(webp.path).metadata();
    expect(webp.contentType).toBe("image/webp");
    expect([webpMeta.format, webpMeta.width]).toEqual(["webp", width]);

    const avif = await imageVariant(dir, "deportes-03", width, "avif");
    const avifMeta = await sharp(avif.path).metadata();
    expect(avif.contentType).toBe("image/avif");
    expect([avifMeta.format, avifMeta.width]).toEqual(["heif", width]);
    expect((await fs.stat(avif.path)).size).toBeLessThan((await fs.stat(webp.path)).size);

    const before = (await fs.stat(jpeg.path)).mtimeMs;
    await imageVariant(dir, "deportes-03", width);
    expect((await fs.stat(jpeg.path)).mtimeMs).toBe(before);
  });

  it("shares one resize between concurrent requests for the same variant", async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => imageVariant(dir, "autor-05", 768)));
    expect(new Set(results.map((r) => r.path)).size).toBe(1);
    expect((await sharp(results[0].path).metadata()).width).toBe(768);
  });

  it("rejects widths outside the breakpoints", async () => {
    const error = await imageVariant(dir, "deportes-03", 500).catch((e) => e);
    expect(error).toBeInstanceOf(ImageRequestError);
    expect(error.status).toBe(400);
    expect(error.message).toContain("480, 768, 1024, 1440");
  });

  it.each(["../catalogue", "..", "a/b", "Politica-01", "politica-01.jpg", "", "x%2f..", "nombre con espacios"])(
    "rejects the name %j without touching the disk",
    async (name) => {
      const error = await imageVariant(dir, name, 480).catch((e) => e);
      expect(error).toBeInstanceOf(ImageRequestError);
      expect(error.status).toBe(400);
    },
  );

  it("answers 404 for an image that does not exist", async () => {
    const error = await imageVariant(dir, "no-existe-99", 480).catch((e) => e);
    expect(error).toBeInstanceOf(ImageRequestError);
    expect(error.status).toBe(404);
  });
});
