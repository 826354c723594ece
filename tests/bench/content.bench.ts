// npm run bench:content — the content store on a fresh PGlite in a temporary folder:
//   1. time to create the database, migrate, generate the corpus, load it and draw the source images
//      (a first start);
//   2. p50 and p95 of every named source over repeated queries (local backend), as a table.
// Uses the real seed generator (server/content/seed) when it is there, else the test corpus grown to
// a comparable size, and says which.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalSources } from "../../server/content/backends/local";
import type { SeedCorpus } from "../../server/content/corpus";
import { createContentStore } from "../../server/content/store";
import { makeTestCorpus } from "../../server/content/testing/corpus";
import { openDatabase } from "../../platform/database";
import { generateSourceImages } from "../../server/images/images";

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;
/** Target of the section listing on PGlite with the seeded corpus. */
const SECTION_LISTING_P50_TARGET_MS = 5;
/** A first start, generator included, must stay well under this. */
const FIRST_START_LIMIT_MS = 60_000;

const quiet = { info() {}, warn() {}, error() {} };

async function corpusMaker(): Promise<{ label: string; make: () => Promise<SeedCorpus> }> {
  const seedIndex = path.resolve(import.meta.dirname, "../../server/content/seed/index.ts");
  if (fs.existsSync(seedIndex)) {
    const seed = await import(seedIndex);
    if (typeof seed.generateCorpus === "function") return { label: "generador real (server/content/seed)", make: async () => seed.generateCorpus() };
  }
  return {
    label: "corpus de prueba ampliado (server/content/seed/index.ts aún no existe)",
    make: async () => makeTestCorpus({ extraStoriesPerBrand: 580 }),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const ms = (value: number) => value.toFixed(2).padStart(8);

async function main() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "content-bench-"));
  const times: Array<[string, number]> = [];
  let mark = performance.now();
  const lap = (label: string) => {
    const now = performance.now();
    times.push([label, now - mark]);
    mark = now;
  };
  const start = mark;
  const db = await openDatabase({ dataDir: path.join(folder, "pglite") });
  lap("crear PGlite");
  try {
    const store = await createContentStore(db);
    lap("migraciones");
    const maker = await corpusMaker();
    const corpus = await maker.make();
    lap("generar corpus");
    const counts = await store.loadCorpus(corpus);
    lap("cargar corpus");
    await generateSourceImages(path.join(folder, "images"));
    lap("dibujar imágenes");
    const firstStart = performance.now() - start;

    console.log(`Corpus: ${maker.label}`);
    console.log(
      `  ${counts.documents} documentos, ${counts.authors} autores, ${counts.sections} secciones, ` +
        `${counts.navigation} menús, ${counts.collections} colecciones, ${counts.reads} lecturas\n`,
    );
    console.log("Primer arranque (PGlite en carpeta temporal):");
    for (const [label, value] of times) console.log(`  ${label.padEnd(16)} ${ms(value)} ms`);
    console.log(
      `  ${"total".padEnd(16)} ${ms(firstStart)} ms  (límite ${FIRST_START_LIMIT_MS} ms: ${firstStart < FIRST_START_LIMIT_MS ? "OK" : "EXCEDIDO"})\n`,
    );

    // Real values to ask for, taken from what was loaded.
    const one = async (sql: string) => (await db.query(sql)).rows[0] ?? {};
    const brand = "semana";
    const section = (
      await one(`SELECT s AS id, count(*) FROM documents, unnest(section_ids) s WHERE brand = '${brand}' GROUP BY s ORDER BY count(*) DESC LIMIT 1`)
    ).id;
    const primary = (
      await one(
        `SELECT primary_section AS id FROM documents WHERE brand = '${brand}' AND primary_section IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
      )
    ).id;
    const video = await one(
      `SELECT youtube_id, section_ids[1] AS section FROM documents WHERE brand = '${brand}' AND type = 'video' AND youtube_id IS NOT NULL LIMIT 1`,
    );
    const gallery = (await one(`SELECT _id FROM documents WHERE brand = '${brand}' AND type = 'gallery' LIMIT 1`))._id;
    const article = (
      await one(`SELECT canonical_url FROM documents WHERE brand = '${brand}' AND canonical_url IS NOT NULL ORDER BY publish_date DESC LIMIT 1 OFFSET 50`)
    ).canonical_url;
    const day = (
      await one(
        `SELECT to_char(display_date AT TIME ZONE 'America/Bogota', 'YYYY-MM-DD') AS day FROM documents WHERE brand = '${brand}' ORDER BY display_date DESC LIMIT 1 OFFSET 20`,
      )
    ).day;
    const author = (await one(`SELECT _id FROM authors WHERE brand = '${brand}' LIMIT 1`))._id;
    const collection = (await one(`SELECT _id FROM collections WHERE brand = '${brand}' LIMIT 1`))._id;
    const navigation = (await one(`SELECT _id FROM navigation_trees WHERE brand = '${brand}' LIMIT 1`))._id;
    const sectionRecord = (await one(`SELECT _id FROM sections WHERE brand = '${brand}' LIMIT 1`))._id;
    const mostRead = (await one(`SELECT document_id FROM document_reads ORDER BY count DESC LIMIT 1`)).document_id;
    const cards = "headlines.basic,subheadlines.basic,promo_items.basic,canonical_url,taxonomy.primary_section,display_date";

    const cases: Array<[string, Record<string, unknown> | undefined]> = [
      ["content-apir", section && { website: brand, includeSections: section, feedSize: 8, sourceInclude: cards }],
      ["content-apir-v2", primary && { website: brand, includeSections: primary.slice(1), feedSize: 8, sourceInclude: cards }],
      ["content-apir-date", day && { website: brand, date: day, feedSize: 50, sourceInclude: cards }],
      ["content-apir-semanaTV-v2", video.section && { website: brand, includeSections: video.section, feedSize: 10 }],
      ["content-api-search-author", author && { website: brand, includeId: author, feedSize: 16, sourceInclude: cards }],
      ["authors-api", author && { website: brand, idAutor: author }],
      ["content-api-collections", collection && { website: brand, queryString: collection, feedSize: 5 }],
      ["gallery-by-id", gallery && { website: brand, queryString: gallery }],
      ["latest-stories", { website: brand, feedSize: 12, sourceInclude: cards }],
      ["section-source", sectionRecord && { website: brand, path: sectionRecord }],
      ["search-query-source", { website: brand, queryString: "educacion", feedSize: 8, sourceInclude: cards }],
      // The reader's search page (/buscador/): ranked hits, snippets and both facets in one query.
      ["site-search", { website: brand, query: "economia", feedSize: 10 }],
      ["site-search (2 palabras)", { website: brand, query: "reforma tributaria", feedSize: 10 }],
      ["site-search (filtros)", { website: brand, query: "colombia", type: "story", from: "2000-01-01", feedSize: 10 }],
      ["navigation-source", navigation && { website: brand, queryString: navigation }],
      ["video-section-source", video.section && { website: brand, includeSections: video.section, feedSize: 8 }],
      ["section-api", sectionRecord && { website: brand, queryString: sectionRecord }],
      ["navigation-api", navigation && { website: brand, queryString: navigation }],
      ["taboola-newsroom-api", { website: brand, exclude: mostRead }],
      ["youtube-api-videos", video.youtube_id && { website: brand, videoId: video.youtube_id }],
      ["content-by-url", article && { website: brand, url: article }],
    ];

    const sources = new Map(createLocalSources(store, { logger: quiet }).map((source) => [source.name, source]));
    const signal = new AbortController().signal;
    console.log(`Fuentes (backend local, ${RUNS} consultas cada una, feedOffset variando en las listas):`);
    console.log(`  ${"fuente".padEnd(26)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  elementos`);
    let sectionP50 = NaN;
    for (const [name, query] of cases) {
      if (!query) {
        console.log(`  ${name.padEnd(26)}   (sin datos en el corpus para consultarla)`);
        continue;
      }
      const source = sources.get(name.split(" ")[0])!;
      const samples: number[] = [];
      let items = 0;
      for (let i = 0; i < WARMUP + RUNS; i++) {
        const q = "feedOffset" in query || "feedSize" in query ? { ...query, feedOffset: (i % 5) * 8 } : query;
        const t = performance.now();
        const answer: any = await source.fetch(q, { signal });
        const elapsed = performance.now() - t;
        if (i >= WARMUP) samples.push(elapsed);
        if (i === 0) items = answer?.content_elements?.length ?? answer?.hits?.length ?? answer?.items?.length ?? answer?.authors?.length ?? (answer ? 1 : 0);
      }
      samples.sort((a, b) => a - b);
      const p50 = percentile(samples, 50);
      if (name === "content-apir") sectionP50 = p50;
      console.log(`  ${name.padEnd(26)} ${ms(p50)} ${ms(percentile(samples, 95))}  ${items}`);
    }
    console.log(
      `\nListado de sección (content-apir) p50 ${sectionP50.toFixed(2)} ms: objetivo < ${SECTION_LISTING_P50_TARGET_MS} ms ` +
        (sectionP50 < SECTION_LISTING_P50_TARGET_MS ? "OK" : "NO CUMPLE"),
    );
  } finally {
    await db.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
