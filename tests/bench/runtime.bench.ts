// npm run bench:runtime — what the runtime adds on top of React: a 30-block page with its data
// already cached, resolved and rendered by the runtime, against React's own renderToString of the
// same components with the same data. Both run in this one process, interleaved.
import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { ContentCache } from "../../runtime/cache";
import { PageView } from "../../runtime/render";
import { resolvePage } from "../../runtime/resolve";
import { fakeSource, storyList, testRegistry } from "../../runtime/testing";
import type { PageContext, PageDefinition } from "../../runtime/types";

const BLOCKS = 30;
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2000);

const registry = testRegistry([fakeSource({ items: (q) => Array.from({ length: q.feedSize }, (_, i) => ({ title: `Titular ${i + 1} de ${q.section}, con el texto que tendría una nota real de la portada` })) })]);
const page: PageDefinition = {
  id: "bench",
  brand: "semana",
  route: "/",
  layout: "main-sidebar",
  metadata: {},
  regions: {
    main: Array.from({ length: BLOCKS }, (_, i) => ({
      type: "story-list",
      id: `bloque-${i}`,
      settings: { published: true, title: `Sección ${i}`, section: `/seccion-${i}`, feedSize: 8, offset: 0 },
    })),
  },
};
const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
const options = { registry, cache: new ContentCache() };

// Warm the cache, and compute the data React's baseline renders.
const warm = await resolvePage(page, context, options);
const baselineTree = () =>
  createElement(
    Fragment,
    null,
    warm.regions.main.map((block) =>
      createElement(storyList.component, { key: block.id, id: block.id, pageId: page.id, settings: block.settings as any, data: block.data, context }),
    ),
  );

async function runtimeRound() {
  const resolved = await resolvePage(page, context, options);
  return renderToString(createElement(PageView, { page: resolved, registry }));
}
function reactRound() {
  return renderToString(baselineTree());
}

for (let i = 0; i < 200; i++) {
  await runtimeRound();
  reactRound();
}
const runtimeTimes: number[] = [];
const reactTimes: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  let t = performance.now();
  await runtimeRound();
  runtimeTimes.push(performance.now() - t);
  t = performance.now();
  reactRound();
  reactTimes.push(performance.now() - t);
}
const stats = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)] };
};
const r = stats(runtimeTimes);
const b = stats(reactTimes);
const f = (n: number) => n.toFixed(3).padStart(8);
console.log(`bench:runtime — ${BLOCKS} bloques, datos en caché, ${ROUNDS} rondas (NODE_ENV=${process.env.NODE_ENV})`);
console.log(`                               media ms   p50 ms   p95 ms`);
console.log(`runtime (resolver + render)  ${f(r.mean)} ${f(r.p50)} ${f(r.p95)}`);
console.log(`React renderToString         ${f(b.mean)} ${f(b.p50)} ${f(b.p95)}`);
console.log(`razón runtime / React (media): ${(r.mean / b.mean).toFixed(3)}  → el runtime agrega ${((r.mean / b.mean - 1) * 100).toFixed(1)} %`);
