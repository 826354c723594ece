// Global setup of the vitest suites: an empty PGlite cluster, made once per PGlite version and kept
// in .cache/, which every new PGlite database of the run (and of the servers the tests start) copies
// instead of running initdb (platform/database.ts, PGLITE_TEMPLATE).
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

/** Where the empty cluster of the installed PGlite version is kept. */
export function emptyClusterFile(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  return path.join(root, ".cache", `pglite-${version}-vacio.tar`);
}

export default async function setup() {
  const file = emptyClusterFile();
  if (!fs.existsSync(file)) {
    // Loaded only to make the copy: playwright.config.ts reads emptyClusterFile() in every worker.
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const pg = await PGlite.create(undefined, { extensions: { unaccent, pg_trgm } });
    const dump = await pg.dumpDataDir("none");
    await pg.close();
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a run that stops halfway leaves no broken copy.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  }
  process.env.PGLITE_TEMPLATE = file;
}
