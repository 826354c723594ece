// The browser bundle, as the production build makes it: no server code, no fetch code, no query
// schemas. Builds the app first when the build is older than its sources.
import fs from "node:fs";
import path from "node:path";
import { ensureBuild } from "../../server/build";
import { browserBundleProblems, type Metafile } from "./bundle-rules";

const root = path.resolve(".");
let metafile: Metafile;

beforeAll(() => {
  ensureBuild(root);
  metafile = JSON.parse(fs.readFileSync(path.join(root, "build", "metafile.js.json"), "utf8"));
}, 180_000);

describe("browser bundle", () => {
  it("holds no server module, fetch code or query schema", () => {
    expect(browserBundleProblems(metafile)).toEqual([]);
    // The blocks' server halves were seen and left out (emptied), not missing from the project.
    expect(Object.keys(metafile.inputs).some((input) => input.startsWith("blocks/") && input.endsWith("/index.tsx"))).toBe(true);
  });

  it("gives each block's component a chunk of its own, loaded only where the block hydrates", () => {
    const entries = Object.values(metafile.outputs).map((output) => output.entryPoint);
    for (const type of ["site-header", "story-carousel", "subscription-checkout"]) expect(entries).toContain(`blocks/${type}/index.tsx`);
    // Swiper is loaded by the carousel's enhancer, not with what every page loads.
    const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === "server/app/entry.client.tsx")!;
    const statics = new Set<string>();
    const visit = (file: string) => {
      if (statics.has(file)) return;
      statics.add(file);
      for (const imported of metafile.outputs[file]?.imports ?? []) if (imported.kind === "import-statement") visit(imported.path);
    };
    visit(entry[0]);
    const swiper = Object.entries(metafile.outputs).filter(([, output]) =>
      Object.keys((output as any).inputs ?? {}).some((input) => input.startsWith("node_modules/swiper/")),
    );
    expect(swiper.length).toBeGreaterThan(0);
    for (const [file] of swiper) expect(statics.has(file), file).toBe(false);
  });

  it("is caught carrying a planted server module or zod", () => {
    const planted: Metafile = {
      inputs: {
        "blocks/x/index.server.ts": {},
        "node_modules/zod/v4/core/schemas.js": {},
        "empty-module:./root.server": {},
        "server/app/root.tsx": {},
        "server/site.ts": {},
        "blocks/_shared/cards.ts": {},
        "blocks/_shared/Card.tsx": {},
      },
      outputs: {},
    };
    expect(browserBundleProblems(planted)).toEqual([
      "blocks/x/index.server.ts: un módulo .server (código del servidor)",
      "node_modules/zod/v4/core/schemas.js: zod (esquemas de consultas y de contenido)",
      "server/site.ts: código del servidor fuera de la aplicación Remix",
      "blocks/_shared/cards.ts: la reducción del contenido a tarjetas y las consultas de los listados (solo del servidor)",
    ]);
  });
});
