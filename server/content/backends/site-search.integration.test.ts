// The reader's search ("site-search") on the content store: accents ignored, ranking, facets,
// snippets whose only marks are the highlights, and hostile queries. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentSource, Logger } from "../../../runtime/types";
import { SEARCH_QUERY_MAX_LENGTH, snippetParts, type SearchAnswer } from "../../../domain/search";
import { makeTestCorpus, testDocument } from "../testing/corpus";
import { contentTestTargets, openTestStore, type TestStore } from "../testing/stores";
import { createLocalSources } from "./local";

const quiet: Logger = { info() {}, warn() {}, error() {} };

/** Words only the locked part of an article holds (its second paragraph, a header, its last paragraph). */
const LOCKED_WORDS = ["orquídeas", "contrabandistas", "helicóptero"];
/** A body whose first paragraph anybody may read and whose rest is for subscribers. */
const lockableBody = (id: string) => [
  { _id: `${id}-1`, type: "text", content: "El primer párrafo habla de la cordillera y sus caminos." },
  { _id: `${id}-2`, type: "text", content: "Solo los suscriptores leen que las orquídeas viajaban escondidas." },
  { _id: `${id}-3`, type: "header", content: "Los contrabandistas del páramo" },
  { _id: `${id}-4`, type: "text", content: "Un <b>helicóptero</b> los esperaba cerca de la frontera." },
];
const lockable = (id: string, section: string, code: string) =>
  testDocument({
    brand: "semana",
    id,
    headline: `Rutas de montaña ${id}`,
    section,
    hoursAgo: 40,
    extra: { content_restrictions: { content_code: code }, content_elements: lockableBody(id) },
  });

/** Documents of "ganadería" with the word in the headline, in the body only, and a hostile body. */
function searchCorpus() {
  const corpus = makeTestCorpus();
  corpus.documents.push(
    testDocument({ brand: "semana", id: "BUS-ECONOMIA", headline: "Economía: el peso se recupera frente al dólar", section: "/economia", hoursAgo: 5 }),
    testDocument({
      brand: "semana",
      id: "BUS-TITULO",
      headline: "La ganadería sostenible gana terreno en el Meta",
      section: "/economia",
      hoursAgo: 300,
      text: "Productores del llano cambian sus prácticas.",
    }),
    testDocument({
      brand: "semana",
      id: "BUS-CUERPO",
      headline: "Un año difícil para el campo",
      section: "/nacion",
      hoursAgo: 2,
      text: "Entre otros temas, la ganaderia aparece al final del informe del gremio.",
    }),
    testDocument({
      brand: "semana",
      id: "BUS-HOSTIL",
      headline: "Ganadería y tecnología",
      section: "/economia",
      type: "video",
      hoursAgo: 30,
      subheadline: "<script>alert('x')</script> Resumen \uE000falso\uE001",
      text: "<img src=x onerror=alert(1)> La <b>ganadería</b> digital &amp; sus retos.",
    }),
    // Locked for anonymous readers: code '3' anywhere but the free sections, code '1' outside /finanzas.
    lockable("BUS-BLOQUEADA", "/politica", "3"),
    lockable("BUS-CODIGO-1", "/nacion", "1"),
    // Free: a never-paywalled section, /finanzas with code '1', no code.
    lockable("BUS-ESPECIAL", "/especiales", "3"),
    lockable("BUS-FINANZAS", "/finanzas", "1"),
    lockable("BUS-LIBRE", "/nacion", "0"),
  );
  return corpus;
}

describe.each(contentTestTargets)("site-search on %s", (_name, options) => {
  let testStore: TestStore;
  let source: ContentSource;

  beforeAll(async () => {
    testStore = await openTestStore(options(), searchCorpus());
    source = createLocalSources(testStore.store, { logger: quiet }).find((s) => s.name === "site-search")!;
  });
  afterAll(async () => {
    await testStore?.cleanup();
  });

  const search = (query: Record<string, unknown>) =>
    source.fetch({ website: "semana", ...query }, { signal: new AbortController().signal }) as Promise<SearchAnswer>;
  const ids = (answer: SearchAnswer) => answer.hits.map((hit) => hit.document._id);

  it("ignores accents both ways and ranks headline matches first", async () => {
    const plain = await search({ query: "ganaderia" });
    const accented = await search({ query: "GANADERÍA" });
    expect(ids(plain)).toEqual(ids(accented));
    expect(ids(plain)).toEqual(expect.arrayContaining(["BUS-TITULO", "BUS-CUERPO", "BUS-HOSTIL"]));
    // Headline matches before the body-only one, though the latter is the newest.
    expect(ids(plain).indexOf("BUS-CUERPO")).toBeGreaterThan(ids(plain).indexOf("BUS-TITULO"));
    expect(ids(plain).indexOf("BUS-CUERPO")).toBeGreaterThan(ids(plain).indexOf("BUS-HOSTIL"));
    expect(plain.count).toBe(plain.hits.length);
  });

  it("finds Economía with economia", async () => {
    expect(ids(await search({ query: "economia" }))).toContain("BUS-ECONOMIA");
    expect(ids(await search({ query: "ECONOMÍA dolar" }))).toEqual(["BUS-ECONOMIA"]);
  });

  it("highlights the matched words and keeps the content's markup as text", async () => {
    const answer = await search({ query: "ganadería" });
    for (const hit of answer.hits) {
      const parts = snippetParts(hit.snippet);
      expect(parts.some((part) => part.mark && /ganader[ií]a/i.test(part.text))).toBe(true);
    }
    const hostile = answer.hits.find((hit) => hit.document._id === "BUS-HOSTIL")!;
    // Tags are gone from the snippet; the content's own marks were removed before highlighting.
    expect(hostile.snippet).not.toMatch(/<script|<img|<b>/);
    expect(
      snippetParts(hostile.snippet)
        .filter((part) => part.mark)
        .map((part) => part.text.toLowerCase()),
    ).not.toContain("falso");
  });

  it("counts facets by section and type, each ignoring its own choice", async () => {
    const all = await search({ query: "ganaderia" });
    expect(all.facets.sections).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: "/economia", count: 2 }), expect.objectContaining({ id: "/nacion", count: 1 })]),
    );
    expect(all.facets.types).toEqual(
      expect.arrayContaining([
        { id: "story", count: 2 },
        { id: "video", count: 1 },
      ]),
    );

    const economia = await search({ query: "ganaderia", section: "economia" });
    expect(ids(economia).sort()).toEqual(["BUS-HOSTIL", "BUS-TITULO"]);
    expect(economia.facets.sections).toEqual(all.facets.sections);
    expect(economia.facets.types).toEqual(
      expect.arrayContaining([
        { id: "story", count: 1 },
        { id: "video", count: 1 },
      ]),
    );

    const videos = await search({ query: "ganaderia", type: "video" });
    expect(ids(videos)).toEqual(["BUS-HOSTIL"]);
    expect(videos.facets.sections).toEqual([expect.objectContaining({ id: "/economia", count: 1 })]);
  });

  it("narrows by days, both ends included", async () => {
    // BUS-CUERPO: 2024-05-20 13:00Z (Colombian 08:00); BUS-HOSTIL: 2024-05-19 09:00Z; BUS-TITULO: 2024-05-08.
    expect(ids(await search({ query: "ganaderia", from: "2024-05-20", to: "2024-05-20" }))).toEqual(["BUS-CUERPO"]);
    expect(ids(await search({ query: "ganaderia", from: "2024-05-19" })).sort()).toEqual(["BUS-CUERPO", "BUS-HOSTIL"]);
    expect(ids(await search({ query: "ganaderia", to: "2024-05-10" }))).toEqual(["BUS-TITULO"]);
  });

  it("pages in the same order, with next while more remain", async () => {
    const all = await search({ query: "ganaderia" });
    const first = await search({ query: "ganaderia", feedSize: 2 });
    expect(first.next).toBe(2);
    const second = await search({ query: "ganaderia", feedSize: 2, feedOffset: 2 });
    expect([...ids(first), ...ids(second)]).toEqual(ids(all));
    expect(second.next).toBeUndefined();
    const past = await search({ query: "ganaderia", feedSize: 2, feedOffset: 10 });
    expect(past.hits).toEqual([]);
    expect(past.count).toBe(all.count);
  });

  it("answers hostile and empty queries without an error", async () => {
    const hostile = [
      "",
      "   ",
      "\u0000\u0001\u001b[31m",
      "'; DROP TABLE documents; --",
      '"sin cerrar',
      "!!! & | <-> :* ( ) \\",
      "el de la los",
      "x".repeat(2_000),
      "ganadería ".repeat(400),
      "😀 \uE000 \uE001 \uFEFF",
    ];
    for (const query of hostile) {
      const answer = await search({ query });
      expect(Array.isArray(answer.hits)).toBe(true);
    }
    expect(ids(await search({ query: "\u0000ganadería\u0007" }))).toContain("BUS-TITULO");
    // 400 words of "ganadería" are cut to the first 200 characters and still find it.
    expect((await search({ query: "ganadería ".repeat(400) })).count).toBeGreaterThan(0);
    expect(SEARCH_QUERY_MAX_LENGTH).toBe(200);
  });

  it("refuses what is not a search with a clear message", async () => {
    await expect(search({ query: "ganaderia", type: "podcast" })).rejects.toThrow(/type = "podcast": se esperaba story, video o gallery/);
    await expect(search({ query: "ganaderia", from: "2024-02-30" })).rejects.toThrow(/from = "2024-02-30"/);
    await expect(search({ query: "ganaderia", from: "2024-05-20", to: "2024-05-01" })).rejects.toThrow(/to/);
    await expect(search({ query: "ganaderia", q: "x" })).rejects.toThrow(/q = "x": parámetro desconocido/);
  });

  it("finds a locked article only by what an anonymous reader sees of it, and shows no fragment of the rest", async () => {
    const free = ["BUS-ESPECIAL", "BUS-FINANZAS", "BUS-LIBRE"];
    for (const word of LOCKED_WORDS) {
      const answer = await search({ query: word });
      expect(ids(answer).sort(), word).toEqual(free);
      expect(answer.count, word).toBe(free.length);
      // The facets count nothing locked either.
      expect(answer.facets.sections.map((s) => s.id).sort(), word).toEqual(["/especiales", "/finanzas", "/nacion"]);
      const found = await testStore.store.findDocuments({ brand: "semana", text: word }, { size: 20, offset: 0 });
      expect(found.documents.map((d: any) => d._id).sort(), word).toEqual(free);
    }
    // The headline and the first paragraph find it; its snippet holds the preview and nothing else.
    const preview = await search({ query: "cordillera caminos" });
    expect(ids(preview)).toEqual(expect.arrayContaining(["BUS-BLOQUEADA", "BUS-CODIGO-1", ...free]));
    for (const hit of preview.hits.filter((h) => ["BUS-BLOQUEADA", "BUS-CODIGO-1"].includes(h.document._id))) {
      const text = snippetParts(hit.snippet)
        .map((part) => part.text)
        .join("");
      expect(text).toContain("cordillera");
      for (const word of [...LOCKED_WORDS, "suscriptores", "frontera", "páramo"]) expect(text).not.toContain(word);
    }
    expect(ids(await search({ query: "Rutas de montaña BUS-BLOQUEADA" }))).toContain("BUS-BLOQUEADA");
    // A free article's snippet may come from anywhere in its body.
    const special = (await search({ query: "helicóptero" })).hits.find((h) => h.document._id === "BUS-ESPECIAL")!;
    expect(snippetParts(special.snippet).some((part) => part.mark && part.text === "helicóptero")).toBe(true);
  });

  it("keeps brands apart", async () => {
    expect((await search({ website: "fucsia", query: "ganaderia" })).hits).toEqual([]);
  });
});
