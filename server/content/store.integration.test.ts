import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../platform/migrations";
import { contentMigrations } from "./migrations";
import { ensureSeeded } from "./setup";
import { makeTestCorpus, testDocument } from "./testing/corpus";
import { contentTestTargets, openTestStore, type TestStore } from "./testing/stores";
import { createLogger } from "../../platform/log";

describe.each(contentTestTargets)("content store on %s", (_name, options) => {
  // One database per target (opening PGlite is the slow part); every test starts from empty tables.
  let testStore: TestStore;
  beforeAll(async () => {
    testStore = await openTestStore(options());
  });
  afterEach(async () => {
    await testStore.store.db.exec("TRUNCATE documents, authors, sections, navigation_trees, collections, document_reads");
  });
  afterAll(async () => {
    await testStore?.cleanup();
  });

  it("renames a brand's prefixed collections on upgrade (content-004), once and without clashes", async () => {
    const { store } = testStore;
    await store.upsertCollections([
      { _id: "fucsia-lo-ultimo", brand: "fucsia", headlines: { basic: "Lo último" }, items: [] },
      { _id: "soho-portada-principal", brand: "soho", headlines: { basic: "Portada" }, items: [] },
      { _id: "soho-lo-ultimo", brand: "soho", headlines: { basic: "Vieja" }, items: [] },
      { _id: "lo-ultimo", brand: "soho", headlines: { basic: "Nueva" }, items: [] },
      { _id: "fucsia-especial", brand: "semana", headlines: { basic: "De Semana" }, items: [] },
    ]);
    const upgrade = contentMigrations.find((m) => m.id === "content-004-collection-ids-without-brand")!;
    await store.db.exec(upgrade.sql);
    const { rows } = await store.db.query<{ brand: string; _id: string }>("SELECT brand, _id FROM collections ORDER BY brand, _id");
    expect(rows.map((r) => `${r.brand}:${r._id}`)).toEqual([
      "fucsia:lo-ultimo",
      "semana:fucsia-especial",
      "soho:lo-ultimo",
      "soho:portada-principal",
      "soho:soho-lo-ultimo",
    ]);
  });

  it("keeps two brands' collections with the same id apart", async () => {
    const { store } = testStore;
    const docs = [
      testDocument({ id: "s1", brand: "semana", headline: "Nota de Semana", section: "/nacion", hoursAgo: 1 }),
      testDocument({ id: "f1", brand: "fucsia", headline: "Nota de Fucsia", section: "/moda", hoursAgo: 1 }),
    ];
    await store.upsertDocuments(docs);
    await store.upsertCollections([
      { _id: "lo-ultimo", brand: "semana", headlines: { basic: "Lo último" }, items: ["s1"] },
      { _id: "lo-ultimo", brand: "fucsia", headlines: { basic: "Lo último" }, items: ["f1"] },
    ]);
    const page = { size: 10, offset: 0 };
    expect((await store.getCollection("semana", "lo-ultimo", page))?.documents.map((d: any) => d._id)).toEqual(["s1"]);
    expect((await store.getCollection("fucsia", "lo-ultimo", page))?.documents.map((d: any) => d._id)).toEqual(["f1"]);
  });

  it("migrates once, seeds only an empty store and logs the time taken", async () => {
    const { store } = testStore;
    expect(await migrate(store.db, contentMigrations)).toEqual([]);
    expect(await store.isEmpty()).toBe(true);
    const lines: string[] = [];
    let made = 0;
    const makeCorpus = () => {
      made++;
      return makeTestCorpus();
    };
    const logger = createLogger("info", (line) => lines.push(line));
    const first = await ensureSeeded(store, makeCorpus, { logger });
    expect(first).toMatchObject({ seeded: true, counts: { documents: makeTestCorpus().documents.length, authors: 3, collections: 1 } });
    expect(lines[0]).toMatch(/^\[info\] contenido sembrado \{"ms":\d+,"generatedMs":\d+,"documents":\d+,"authors":3,/);
    expect(await store.isEmpty()).toBe(false);
    expect(await ensureSeeded(store, makeCorpus, { logger })).toEqual({ seeded: false, ms: 0 });
    expect(made).toBe(1);
    expect(lines).toHaveLength(1);
  });

  it("upserts by _id: a re-import replaces the document and what it is found by", async () => {
    const { store } = testStore;
    const original = testDocument({ brand: "semana", id: "UP1", headline: "Sequía en el Caribe", section: "/nacion", hoursAgo: 1 });
    await store.upsertDocuments([original]);
    await store.upsertDocuments([original]);
    const edited = testDocument({ brand: "semana", id: "UP1", headline: "Lluvias en el Pacífico", section: "/mundo", hoursAgo: 1 });
    await store.upsertDocuments([edited]);
    const { rows } = await store.db.query("SELECT count(*)::int AS n FROM documents");
    expect(rows[0].n).toBe(1);
    const search = (text: string) => store.findDocuments({ brand: "semana", text }, { size: 10, offset: 0 });
    expect((await search("sequia")).count).toBe(0);
    expect((await search("pacifico")).count).toBe(1);
    expect((await store.findDocuments({ brand: "semana", sections: ["/nacion"] }, { size: 10, offset: 0 })).count).toBe(0);
    expect(await store.getDocument("semana", { id: "UP1" })).toMatchObject({ headlines: { basic: "Lluvias en el Pacífico" } });
    // The same _id twice in one load: the last one wins instead of failing the batch.
    await store.upsertDocuments([original, edited, { ...original, headlines: { basic: "Tercera versión" } }]);
    expect(await store.getDocument("semana", { id: "UP1" })).toMatchObject({ headlines: { basic: "Tercera versión" } });
  });

  it("keeps canonical URLs unique per brand and tells why a document cannot be stored", async () => {
    const { store } = testStore;
    const doc = testDocument({ brand: "semana", id: "URL1", headline: "Una nota", section: "/nacion", hoursAgo: 1 });
    await store.upsertDocuments([doc]);
    await expect(store.upsertDocuments([{ ...doc, _id: "URL2" }])).rejects.toThrow(/documents_brand_canonical_url/);
    await store.upsertDocuments([{ ...doc, _id: "URL3", canonical_website: "fucsia" }]);
    await expect(
      store.loadCorpus({
        ...makeTestCorpus(),
        documents: [
          { ...doc, _id: "A" },
          { ...doc, _id: "B" },
        ],
      }),
    ).rejects.toThrow(/canonical_url «\/nacion\/articulo\/una-nota\/URL1\/» de la marca semana repetida: documentos A y B/);
    // Documents without a canonical URL do not clash with each other.
    await store.upsertDocuments([
      { ...doc, _id: "NOURL1", canonical_url: undefined },
      { ...doc, _id: "NOURL2", canonical_url: undefined },
    ]);
    await expect(store.upsertDocuments([doc, { type: "story", canonical_website: "semana" }])).rejects.toThrow("documento 1: falta _id");
    await expect(store.upsertDocuments([{ _id: "T1", type: "table", canonical_website: "semana" }])).rejects.toThrow(/type «table» no es un tipo de documento/);
    await expect(store.upsertDocuments([{ _id: "B1", type: "story" }])).rejects.toThrow(/falta canonical_website/);
  });

  it("counts reads for the most-read list", async () => {
    const { store } = testStore;
    await store.loadCorpus(makeTestCorpus());
    await store.recordRead("OPI002", 2000);
    await store.recordRead("OPI002");
    const top = (await store.mostRead("semana", { size: 2 })) as any[];
    expect(top.map((doc) => doc._id)).toEqual(["OPI002", "EDU001"]);
    const { rows } = await store.db.query("SELECT count::int AS n FROM document_reads WHERE document_id = 'OPI002'");
    expect(rows[0].n).toBe(2001);
  });
});
