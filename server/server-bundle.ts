// The server (server/cli/start.ts) compiled by esbuild into plain JavaScript: the same code without
// tsx's loader, which resolves and transforms every module again at each start (a start took 11 s of
// CPU through tsx and 7 s compiled). `npm run dev` runs its server processes from it
// (docs/decisions/0078-dev-reload.md), and so do the tests that start the server as a process of its
// own (tests/support/compiled-server.ts). Modules stay separate where start.ts imports them lazily
// (code splitting), so React is still first loaded after NODE_ENV is set; each module keeps its own
// import.meta, so paths read relative to a source file still resolve.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { BuildOptions, Plugin } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const ENTRY = path.join(root, "server", "cli", "start.ts");

/** import.meta of each source module, written in as its own values (a bundle has one import.meta). */
const sourceImportMeta: Plugin = {
  name: "source-import-meta",
  setup(builder) {
    builder.onLoad({ filter: /\.[mc]?[jt]sx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await fs.promises.readFile(args.path, "utf8");
      const extension = path.extname(args.path).slice(1).replace(/^[mc]/, "");
      return {
        contents: text
          .replaceAll("import.meta.dirname", JSON.stringify(path.dirname(args.path)))
          .replaceAll("import.meta.filename", JSON.stringify(args.path))
          .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href)),
        loader: extension as "ts" | "tsx" | "js" | "jsx",
      };
    });
  },
};

/** esbuild's options for compiling the server into `outdir`, whose `start.js` (serverEntry) runs it. */
export function serverBundleOptions(outdir: string): BuildOptions {
  return {
    entryPoints: { start: ENTRY },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    jsx: "automatic",
    sourcemap: "linked",
    outdir,
    plugins: [sourceImportMeta],
    logLevel: "silent",
  };
}

/** The file to run in a folder the server was compiled into. */
export function serverEntry(folder: string): string {
  return path.join(folder, "start.js");
}
