// GET /images/<name>.jpg[?w=<breakpoint width>]: the generated images and their resized variants
// (AVIF, WebP or JPEG by the Accept header), cacheable for a year (the bytes behind a URL never
// change; the art version lives in the folder).
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import express, { type Request, type Response } from "express";
import { IMAGE_WIDTHS } from "../../domain/images";
import { CONTENT_TYPES, ImageRequestError, assertImageName, imageVariant, originalImage, type ImageFormat } from "./images";
import type { Logger } from "../../runtime/types";
import { CACHE_CONTROL } from "../../platform/caching";
import { processLogger } from "../../platform/log";

const FILE_NAME = /^(.+)\.jpg$/;

/** Strong ETags by file, recomputed only when the file changes (size or mtime). */
const etags = new Map<string, { key: string; etag: string }>();

async function readWithEtag(file: string): Promise<{ data: Buffer; etag: string }> {
  const [stat, data] = await Promise.all([fs.stat(file), fs.readFile(file)]);
  const key = `${stat.size}:${stat.mtimeMs}`;
  let cached = etags.get(file);
  if (!cached || cached.key !== key) {
    cached = { key, etag: `"${createHash("sha1").update(data).digest("base64url")}"` };
    etags.set(file, cached);
  }
  return { data, etag: cached.etag };
}

function parseWidth(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== "string" || !/^\d{1,5}$/.test(raw)) {
    throw new ImageRequestError(400, `Parámetro w no válido: ${JSON.stringify(raw)}. Anchos válidos: ${IMAGE_WIDTHS.join(", ")} (invalid w parameter).`);
  }
  return Number(raw);
}

/** Resized variants go as AVIF, else WebP, to browsers that say they take it; as JPEG to the others. */
export function preferredFormat(accept: string | undefined): ImageFormat {
  if (/\bimage\/avif\b/.test(accept ?? "")) return "avif";
  return /\bimage\/webp\b/.test(accept ?? "") ? "webp" : "jpeg";
}

/** The router serving the images kept in `dir` (the folder generateSourceImages filled). */
export function createImagesRouter(dir: string, logger: Logger = processLogger()): express.Router {
  const router = express.Router();
  router.get("/images/:file", async (req: Request, res: Response) => {
    try {
      const match = FILE_NAME.exec(req.params.file);
      if (!match) throw new ImageRequestError(404, `Imagen no encontrada: ${req.params.file} (only <name>.jpg images are served).`);
      const name = match[1];
      assertImageName(name);
      const width = parseWidth(req.query.w);
      let file: string;
      let contentType = CONTENT_TYPES.jpeg;
      if (width === undefined) {
        file = await originalImage(dir, name);
      } else {
        const variant = await imageVariant(dir, name, width, preferredFormat(req.get("accept")));
        file = variant.path;
        contentType = variant.contentType;
        res.vary("Accept");
      }
      const { data, etag } = await readWithEtag(file);
      res.set({ "Content-Type": contentType, "Cache-Control": CACHE_CONTROL.image, ETag: etag });
      res.send(data); // answers 304 itself when the request's ETag matches
    } catch (error) {
      if (error instanceof ImageRequestError) {
        res.status(error.status).type("text/plain; charset=utf-8").set("Cache-Control", CACHE_CONTROL.none).send(error.message);
        return;
      }
      logger.error("imágenes: no se pudo generar la imagen", { url: req.originalUrl, error: String((error as Error)?.stack ?? error) });
      res
        .status(500)
        .type("text/plain; charset=utf-8")
        .set("Cache-Control", CACHE_CONTROL.none)
        .send("No se pudo generar la imagen (image could not be generated).");
    }
  });
  return router;
}
