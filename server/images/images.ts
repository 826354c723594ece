// Source images and their resized variants. On first start the server renders the catalogue's
// originals (fast, in parallel); variants for the breakpoint widths are made on first request and
// cached on disk beside them.
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { IMAGE_WIDTHS } from "../../domain/images";
import { imageSvg } from "./art";
import { SOURCE_IMAGES, type SourceImageSpec } from "./catalog";

/** Bump when the art changes: originals of an older version are drawn again. */
const ART_VERSION = 1;
const MANIFEST = "catalogue.json";
const VARIANTS_DIR = "variants";
const IMAGE_NAME = /^[a-z0-9_-]+$/;

export type ImageFormat = "jpeg" | "webp" | "avif";
export const CONTENT_TYPES: Record<ImageFormat, string> = { jpeg: "image/jpeg", webp: "image/webp", avif: "image/avif" };
const EXTENSIONS: Record<ImageFormat, string> = { jpeg: "jpg", webp: "webp", avif: "avif" };

/**
 * How each format is encoded. AVIF is about a third smaller than WebP at the same look; effort 2
 * keeps its first encoding of a variant within a few hundred milliseconds (effort 4, the default,
 * takes seconds for hardly smaller files), and every variant is encoded once.
 */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  jpeg: (image) => image.jpeg({ quality: 80, progressive: true }),
  webp: (image) => image.webp({ quality: 78 }),
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
};

/** A bad image request: 400 (bad name or width) or 404 (no such image). */
export class ImageRequestError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
    this.name = "ImageRequestError";
  }
}

export interface GenerateOptions {
  /** Draw every original again even when the folder already holds this version. */
  force?: boolean;
  /** Images rendered at once (default: number of CPUs, at least 2). */
  concurrency?: number;
  /** Only these catalogue names (tests). */
  only?: string[];
}

export interface GenerateResult {
  generated: number;
  skipped: number;
  total: number;
  ms: number;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/** Writes through a temporary file so a killed process never leaves half an image. */
/** Whether the process that named a temporary file (`<file>.<pid>.<random>.tmp`) still runs. */
function writerIsAlive(temporary: string): boolean {
  const pid = Number(temporary.split(".").at(-3));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.writeFile(temporary, data);
  await fs.rename(temporary, file);
}

async function renderOriginal(spec: SourceImageSpec): Promise<Buffer> {
  return sharp(Buffer.from(imageSvg(spec)))
    .jpeg({ quality: 82, progressive: true })
    .toBuffer();
}

async function inParallel<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(workers);
}

/**
 * Renders the catalogue's originals into `dir` (1600×900 photos, magazine covers, square author
 * photos and programme icons). Files of the current art version are kept, so a restart costs nothing.
 */
export async function generateSourceImages(dir: string, options: GenerateOptions = {}): Promise<GenerateResult> {
  const started = performance.now();
  await fs.mkdir(dir, { recursive: true });
  // Half-written files of a start that was killed mid-write; not those of a process still writing to
  // a folder it shares with this one (the test servers share one set of drawn images).
  for (const file of await fs.readdir(dir)) {
    if (file.endsWith(".tmp") && !writerIsAlive(file)) await fs.rm(path.join(dir, file), { force: true });
  }
  const manifestFile = path.join(dir, MANIFEST);
  const manifest = await fs
    .readFile(manifestFile, "utf8")
    .then((text) => JSON.parse(text) as { version?: number })
    .catch(() => undefined);
  const force = options.force || manifest?.version !== ART_VERSION;
  const wanted = options.only ? SOURCE_IMAGES.filter((spec) => options.only!.includes(spec.name)) : SOURCE_IMAGES.slice();
  const todo: SourceImageSpec[] = [];
  for (const spec of wanted) {
    if (force || !(await exists(path.join(dir, `${spec.name}.jpg`)))) todo.push(spec);
  }
  if (force) await fs.rm(path.join(dir, VARIANTS_DIR), { recursive: true, force: true });
  const concurrency = options.concurrency ?? Math.max(2, os.cpus().length);
  await inParallel(todo, concurrency, async (spec) => {
    await writeAtomically(path.join(dir, `${spec.name}.jpg`), await renderOriginal(spec));
  });
  if (!options.only) {
    await writeAtomically(manifestFile, Buffer.from(JSON.stringify({ version: ART_VERSION, images: SOURCE_IMAGES.length }) + "\n"));
  }
  return { generated: todo.length, skipped: wanted.length - todo.length, total: wanted.length, ms: Math.round(performance.now() - started) };
}

/** Throws a 400 ImageRequestError unless `name` is a plain image name (no path, no extension). */
export function assertImageName(name: string): void {
  if (!IMAGE_NAME.test(name)) {
    throw new ImageRequestError(400, `Nombre de imagen no válido: "${name}". Solo se admiten a-z, 0-9, - y _ (invalid image name).`);
  }
}

/** Throws a 400 ImageRequestError unless `width` is one of the breakpoint widths. */
function assertImageWidth(width: number): void {
  if (!IMAGE_WIDTHS.includes(width)) {
    throw new ImageRequestError(
      400,
      `Ancho no permitido: ${width}. Anchos válidos: ${IMAGE_WIDTHS.join(", ")} (width not allowed; allowed: ${IMAGE_WIDTHS.join(", ")}).`,
    );
  }
}

/** Path of the original `<name>.jpg` in `dir`; 404 ImageRequestError when there is none. */
export async function originalImage(dir: string, name: string): Promise<string> {
  assertImageName(name);
  const file = path.join(dir, `${name}.jpg`);
  if (!(await exists(file))) throw new ImageRequestError(404, `Imagen no encontrada: ${name}.jpg (image not found).`);
  return file;
}

export interface ImageVariant {
  path: string;
  contentType: string;
  format: ImageFormat;
  width: number;
}

const inFlight = new Map<string, Promise<void>>();

/**
 * The `<name>.jpg` image resized to `width` (one of IMAGE_WIDTHS) as JPEG, WebP or AVIF, made on
 * first call and cached under `dir`/variants. Concurrent calls for the same variant share one resize.
 */
export async function imageVariant(dir: string, name: string, width: number, format: ImageFormat = "jpeg"): Promise<ImageVariant> {
  assertImageName(name);
  assertImageWidth(width);
  const source = await originalImage(dir, name);
  const variantDir = path.join(dir, VARIANTS_DIR);
  const file = path.join(variantDir, `${name}-${width}.${EXTENSIONS[format]}`);
  const result: ImageVariant = { path: file, contentType: CONTENT_TYPES[format], format, width };
  if (await exists(file)) return result;
  let pending = inFlight.get(file);
  if (!pending) {
    pending = (async () => {
      await fs.mkdir(variantDir, { recursive: true });
      await writeAtomically(file, await ENCODERS[format](sharp(source).resize({ width })).toBuffer());
    })().finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  await pending;
  return result;
}
