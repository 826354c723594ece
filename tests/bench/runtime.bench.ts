// npm run bench:runtime — what the runtime adds on top of React. The page: Semana's home page
// definition grown to 30 published blocks (listings, carousels, collections, header, footer), its
// data already cached from a seeded in-memory content store. Measured in one run, interleaved:
// the runtime resolving and rendering it, and React's own renderToString of the same components
// with the same data in the same layout (no runtime: no plan, cache, frames or boundaries).
// The runtime's own share leaves out the blocks' transforms, timed apart (a hand-written page runs
// them too). Then the source latency bound: a page of 20 blocks, each on its own source that answers in 50 ms,
// resolved with a cold cache; the page should take about as long as its slowest source, not 20 × 50.
import { createElement, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { z } from "zod";
import { ContentCache } from "../../runtime/cache";
import { createRegistry } from "../../runtime/registry";
import { blockViews } from "../../blocks";
import { PageView } from "../../runtime/render";
import { toPageData } from "../../runtime/page-data";
import { resolvePage } from "../../runtime/resolve";
import type { PageContext, PageDefinition } from "../../runtime/types";
import { createLocalSources } from "../../server/content/backends/local";
import { generateCorpus } from "../../server/content/seed";
import { createContentStore } from "../../server/content/store";
import { openDatabase } from "../../platform/database";
import { loadViews } from "../../server/app/views";
import { loadPages } from "../../server/load-pages";
import { projectRegistry } from "../../server/project";

const BLOCKS = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 300);

const db = await openDatabase();
const store = await createContentStore(db);
await store.loadCorpus(generateCorpus({ scale: 0.3 }));
const registry = projectRegistry(createLocalSources(store));
// The blocks' own code inside a resolution (transform turning cached content into props, isEmpty)
// is timed apart: a hand-written page would run it too, so it is the blocks' cost, not the runtime's.
let blockCodeMs = 0;
function timed<F extends (...args: any[]) => any>(run: F | undefined): F | undefined {
  if (!run) return undefined;
  return ((...args: Parameters<F>) => {
    const started = performance.now();
    try {
      return run(...args);
    } finally {
      blockCodeMs += performance.now() - started;
    }
  }) as F;
}
for (const [type, server] of registry.blocks) registry.blocks.set(type, { ...server, transform: timed(server.transform), isEmpty: timed(server.isEmpty) });

// Semana's home as the site serves it: with the header, trending bar and footer its layout's files give it.
const home = loadPages(registry).find(({ page }) => page.brand === "semana" && page.route === "/")!.page;
// Grow the home page to 30 published blocks with copies of its own listings and carousels.
const page: PageDefinition = structuredClone(home);
const published = () =>
  Object.values(page.regions)
    .flat()
    .filter((b) => b.settings.published).length;
const repeatable = page.regions.main.filter((b) => b.settings.published && ["story-carousel", "section-listing", "collection-list"].includes(b.type));
for (let i = 0; published() < BLOCKS; i++) page.regions.main.push({ ...structuredClone(repeatable[i % repeatable.length]), id: `copia-${i}` });

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
const options = { registry, cache: new ContentCache() };
const warm = await resolvePage(page, context, options);
const rendered = Object.values(warm.regions).flat().length;

// React's baseline: the same layout and components with the same data, nothing else.
const views = await loadViews(blockViews);
const Layout = views.layouts[page.layout!];
function baseline() {
  const regions: Record<string, ReactNode> = {};
  for (const [name, blocks] of Object.entries(warm.regions)) {
    regions[name] = createElement(
      Fragment,
      null,
      blocks.map((b) => createElement(views.blocks[b.type]!, { key: b.id, id: b.id, pageId: page.id, settings: b.settings, data: b.data })),
    );
  }
  return renderToString(createElement(Layout, { page: toPageData(warm), regions }));
}
async function runtime() {
  const resolved = await resolvePage(page, context, options);
  return renderToString(createElement(PageView, { page: toPageData(resolved), views }));
}

for (let i = 0; i < 30; i++) {
  await runtime();
  baseline();
}
const runtimeTimes: number[] = [];
const reactTimes: number[] = [];
const blockCodeTimes: number[] = [];
// Alternate which side goes first, so that neither always pays for the other's garbage.
for (let i = 0; i < ROUNDS; i++) {
  const measureBaseline = () => {
    const t = performance.now();
    baseline();
    reactTimes.push(performance.now() - t);
  };
  if (i % 2) measureBaseline();
  const t = performance.now();
  blockCodeMs = 0;
  await runtime();
  runtimeTimes.push(performance.now() - t);
  blockCodeTimes.push(blockCodeMs);
  if (!(i % 2)) measureBaseline();
}
await db.close();

const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)] };
};
const r = stats(runtimeTimes);
const b = stats(reactTimes);
const f = (n: number) => n.toFixed(2).padStart(8);
console.log(`bench:runtime — ${published()} bloques publicados (${rendered} con datos), datos en caché, ${ROUNDS} rondas, NODE_ENV=${process.env.NODE_ENV}`);
console.log(`                               media ms   p50 ms   p95 ms`);
console.log(`runtime (resolver + render)  ${f(r.mean)} ${f(r.p50)} ${f(r.p95)}`);
console.log(`React renderToString         ${f(b.mean)} ${f(b.p50)} ${f(b.p95)}`);
const own = stats(runtimeTimes.map((time, i) => time - blockCodeTimes[i]));
const blockCode = stats(blockCodeTimes);
console.log(`${"  · código de los bloques".padEnd(29)}${f(blockCode.mean)} ${f(blockCode.p50)} ${f(blockCode.p95)}   (transform, isEmpty)`);
console.log(`${"  · el runtime mismo".padEnd(29)}${f(own.mean)} ${f(own.p50)} ${f(own.p95)}   (plan, caché, render con marcos y límites de error)`);
console.log(
  `razón runtime / React (p50): ${(r.p50 / b.p50).toFixed(3)}; sin el código de los bloques ${(own.p50 / b.p50).toFixed(3)} → ` +
    `el runtime mismo agrega ${((own.p50 / b.p50 - 1) * 100).toFixed(1)} % (meta: 10 % o menos)`,
);

// ---- Source latency: 20 sources of 50 ms each ----
const SOURCES = 20;
const SOURCE_MS = 50;
const slowSources = Array.from({ length: SOURCES }, (_, i) => ({
  name: `lenta-${i}`,
  ttlSeconds: 60,
  query: z.strictObject({ n: z.number() }),
  fetch: () => new Promise<unknown>((resolve) => setTimeout(() => resolve({ items: [i] }), SOURCE_MS)),
}));
const slowRegistry = createRegistry({
  blocks: {
    lista: {
      fetch: (settings: { n: number; source: string }) => ({ datos: { source: settings.source, query: { n: settings.n } } }),
      transform: (data) => data.datos,
    },
  },
  sources: slowSources,
  layouts: [{ name: "main-sidebar", regions: ["main"] }],
});
const slowPage: PageDefinition = {
  id: "veinte-fuentes",
  brand: "semana",
  layout: "main-sidebar",
  metadata: {},
  regions: { main: slowSources.map((source, i) => ({ type: "lista", id: `b${i}`, settings: { published: true, source: source.name, n: i } })) },
};
const slowTimes: number[] = [];
for (let round = 0; round < 20; round++) {
  const t = performance.now();
  // A new cache each round: every source is fetched.
  await resolvePage(slowPage, context, { registry: slowRegistry, cache: new ContentCache() });
  slowTimes.push(performance.now() - t);
}
const slow = stats(slowTimes);
console.log(`\n${SOURCES} fuentes de ${SOURCE_MS} ms cada una, caché fría, 20 rondas: página p50 ${slow.p50.toFixed(1)} ms, p95 ${slow.p95.toFixed(1)} ms`);
console.log(`razón página / fuente más lenta (p50): ${(slow.p50 / SOURCE_MS).toFixed(2)} (meta: 1,2 o menos; en serie sería ${SOURCES}).`);
