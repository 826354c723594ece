// The source images are drawn once per machine and shared by every server the tests start (drawing
// the catalogue takes about 20 s of CPU, a minute on a loaded machine): each server's data folder
// links its images/ to one folder in .cache/. Servers drawing into it at once are safe: each writes
// under a name of its own and renames (server/images/images.ts).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const SHARED_IMAGES = path.join(root, ".cache", "imagenes-de-prueba");

/** Links `dataDir`/images to the shared images; a data folder that already has its own keeps them. */
export function linkSharedImages(dataDir: string): void {
  fs.mkdirSync(SHARED_IMAGES, { recursive: true });
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.symlinkSync(SHARED_IMAGES, path.join(dataDir, "images"), "dir");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
