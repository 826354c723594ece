import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentSource, Logger } from "../../../runtime/types";
import { makeTestCorpus, nacionDocuments } from "../testing/corpus";
import { contentTestTargets, openTestStore, type TestStore } from "../testing/stores";
import { createLocalSources } from "./local";

function capturingLogger() {
  const warnings: string[] = [];
  const logger: Logger = { info() {}, error() {}, warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields ?? {})}`) };
  return { logger, warnings };
}

describe.each(contentTestTargets)("local content sources on %s", (_name, options) => {
  let testStore: TestStore;
  let sources: Map<string, ContentSource>;
  const { logger, warnings } = capturingLogger();

  beforeAll(async () => {
    testStore = await openTestStore(options(), makeTestCorpus());
    sources = new Map(createLocalSources(testStore.store, { logger }).map((source) => [source.name, source]));
  });
  afterAll(async () => {
    await testStore?.cleanup();
  });

  const fetch = (name: string, query: Record<string, unknown>): Promise<any> => {
    const source = sources.get(name);
    if (!source) throw new Error(`no source ${name}`);
    return source.fetch(query, { signal: new AbortController().signal });
  };
  const ids = (answer: any) => answer.content_elements.map((doc: any) => doc._id);

  it("finds Spanish words whatever the accents: educacion → Educación, nino → niño", async () => {
    expect(ids(await fetch("search-query-source", { website: "semana", queryString: "educacion" }))).toContain("EDU001");
    expect(ids(await fetch("search-query-source", { website: "semana", queryString: "nino" }))).toEqual(["NIN001"]);
    expect(ids(await fetch("search-query-source", { website: "semana", queryString: "NIÑOS guajira" }))).toEqual(["NIN001"]);
    // Words of the body count too, and ü is ignored like ñ.
    expect(ids(await fetch("search-query-source", { website: "semana", queryString: "pinguino" }))).toEqual(["NIN001"]);
    // Another brand's documents never show.
    expect(ids(await fetch("search-query-source", { website: "fucsia", queryString: "nino" }))).toEqual([]);
    // No words, no results (and no error).
    expect(await fetch("search-query-source", { website: "semana", queryString: "  " })).toEqual({ type: "results", content_elements: [], count: 0 });
  });

  it("lists a section given with or without its leading slash, or several at once", async () => {
    const withSlash = await fetch("content-apir", { website: "semana", includeSections: "/economia" });
    const withoutSlash = await fetch("content-apir", { website: "semana", includeSections: "economia" });
    expect(ids(withSlash)).toEqual(["ECO001", "ECO002"]);
    expect(withoutSlash).toEqual(withSlash);
    const several = ids(await fetch("content-apir", { website: "semana", includeSections: "educacion, /politica" }));
    expect(several).toEqual(["NOIMG1", "EDU001"]);
  });

  it("content-apir-v2 matches the primary section and the subtypes", async () => {
    expect(ids(await fetch("content-apir-v2", { website: "semana", includeSections: "economia/capsulas", includeSubtypes: "capsula" }))).toEqual(["ECO002"]);
    expect(ids(await fetch("content-apir-v2", { website: "semana", includeSections: "economia" }))).toEqual([]);
    expect(ids(await fetch("content-apir-v2", { website: "semana", includeSections: "opinion", includeSubtypes: "opinion,capsula" }))).toEqual([
      "OPI001",
      "OPI002",
    ]);
  });

  it("pages with feedSize and feedOffset, newest first, with count, next and previous", async () => {
    const first = await fetch("content-apir", { website: "semana", includeSections: "nacion", feedSize: "8", feedOffset: "0" });
    expect(first.count).toBe(26);
    expect(ids(first)).toEqual(["NIN001", ...nacionDocuments.slice(0, 7).map((doc) => doc._id)]);
    expect(first.next).toBe(8);
    expect(first.previous).toBeUndefined();
    const last = await fetch("content-apir", { website: "semana", includeSections: "nacion", feedSize: 8, feedOffset: 24 });
    expect(ids(last)).toEqual(["NAC023", "NAC024"]);
    expect(last.next).toBeUndefined();
    expect(last.previous).toBe(16);
    const beyond = await fetch("content-apir", { website: "semana", includeSections: "nacion", feedSize: 8, feedOffset: 40 });
    expect(beyond).toMatchObject({ content_elements: [], count: 26 });
    expect(beyond.next).toBeUndefined();
  });

  it("keeps only the sourceInclude fields (dotted paths), plus _id and type", async () => {
    const answer = await fetch("content-apir", {
      website: "semana",
      includeSections: "educacion",
      sourceInclude: "headlines.basic,promo_items.basic,taxonomy.sections._id",
    });
    const [doc] = answer.content_elements;
    expect(Object.keys(doc).sort()).toEqual(["_id", "headlines", "promo_items", "taxonomy", "type"]);
    expect(doc.headlines).toEqual({ basic: "Educación pública: el Gobierno anuncia reforma" });
    expect(doc.promo_items.basic.url).toBe("/images/semana/EDU001.jpg");
    expect(doc.taxonomy).toEqual({ sections: [{ _id: "/educacion" }] });
    // A field the document does not have stays absent, not null.
    const [noImage] = (await fetch("content-apir", { website: "semana", includeSections: "politica", sourceInclude: "promo_items.basic" })).content_elements;
    expect(noImage).toEqual({ _id: "NOIMG1", type: "story" });
  });

  it("latest-stories drops items without a promo image and print editions (/edicion)", async () => {
    const answer = await fetch("latest-stories", { website: "semana", feedSize: 12 });
    expect(ids(answer)).not.toContain("NOIMG1");
    expect(ids(answer)).not.toContain("EDIC01");
    // Those two are the newest documents: what comes first is the next one.
    expect(ids(answer)[0]).toBe("EDU001");
    expect(answer.content_elements).toHaveLength(12);
    const narrowed = await fetch("latest-stories", { website: "semana", queryString: 'type:story AND taxonomy.sections._id:"/economia"' });
    expect(ids(narrowed)).toEqual(["ECO001", "ECO002"]);
  });

  it("most read drops the current article and keeps 3 of the brand", async () => {
    const answer = await fetch("taboola-newsroom-api", { website: "semana", exclude: "EDU001" });
    expect(answer.type).toBe("results");
    expect(answer.content_elements.map((item: any) => item._id)).toEqual(["NIN001", "ECO001", "OPI001"]);
    expect(answer.content_elements[0]).toMatchObject({
      url: "/nacion/articulo/programa-de-nutricion-llega-a-20-000-ninos-de-la-guajira/NIN001/",
      title: "Programa de nutrición llega a 20.000 niños de La Guajira",
    });
    const home = await fetch("taboola-newsroom-api", { website: "semana" });
    expect(home.content_elements.map((item: any) => item._id)).toEqual(["EDU001", "NIN001", "ECO001"]);
  });

  it("rejects a wrong type or an unknown parameter, naming the parameter and the value", async () => {
    await expect(fetch("content-apir", { website: "semana", feedSize: "seis" })).rejects.toThrow(/content-apir.*feedSize = "seis".*número entero/);
    await expect(fetch("content-apir", { website: "semana", feedSise: 6 })).rejects.toThrow(/feedSise = 6: parámetro desconocido/);
    await expect(fetch("content-apir", { website: "semana", feedSize: 500 })).rejects.toThrow(/feedSize = 500: debe ser como máximo 100/);
    await expect(fetch("content-apir-date", { website: "semana", date: "2024-02-30" })).rejects.toThrow(/date = "2024-02-30"/);
    await expect(fetch("gallery-by-id", { website: "semana" })).rejects.toThrow(/queryString: falta este parámetro/);
    await expect(fetch("latest-stories", { website: "semana", queryString: "seccion:nacion" })).rejects.toThrow(
      /queryString = "seccion:nacion": campo «seccion» no admitido/,
    );
  });

  it("the daily archive lists what was displayed that day in Colombia", async () => {
    // NAC000 is at 00:00 in Bogotá on the 20th, NAC001 one hour earlier, on the 19th.
    const day = ids(await fetch("content-apir-date", { website: "semana", date: "2024-05-20", feedSize: 50 }));
    expect(day).toContain("NAC000");
    expect(day).not.toContain("NAC001");
    expect(ids(await fetch("content-apir-date", { website: "semana", date: "2024-05-19", feedSize: 50 }))).toContain("NAC001");
  });

  it("finds an author's documents by id or slug, and author records", async () => {
    expect(ids(await fetch("content-api-search-author", { website: "semana", includeId: "Vicky Dávila" }))).toEqual(["VID002", "OPI001"]);
    expect(ids(await fetch("content-api-search-author", { website: "semana", includeId: "vicky-dvila", includeSections: "opinion" }))).toEqual(["OPI001"]);
    const { authors } = await fetch("authors-api", { website: "semana", idAutor: "maria-jimena-duzan,vicky-dvila,nadie" });
    expect(authors.map((author: any) => author.byline)).toEqual(["María Jimena Duzán", "Vicky Dávila"]);
  });

  it("answers a collection in its order, skipping missing documents, paged", async () => {
    const answer = await fetch("content-api-collections", { website: "semana", queryString: "COL-ULTIMAS" });
    expect(answer.headlines).toEqual({ basic: "Lo último" });
    expect(ids(answer)).toEqual(["NIN001", "EDU001", "ECO001", "GAL001", "VID001", "OPI001"]);
    expect(answer.count).toBe(6);
    const page = await fetch("content-api-collections", { website: "semana", queryString: "COL-ULTIMAS", feedSize: 2, feedOffset: 2 });
    expect(ids(page)).toEqual(["ECO001", "GAL001"]);
    expect(page.next).toBe(4);
    expect(await fetch("content-api-collections", { website: "fucsia", queryString: "COL-ULTIMAS" })).toBeNull();
  });

  it("answers single documents: gallery by id, article by canonical URL", async () => {
    expect((await fetch("gallery-by-id", { website: "semana", queryString: "GAL001" })).headlines.basic).toBe("Las fotos del Festival Vallenato");
    expect(await fetch("gallery-by-id", { website: "semana", queryString: "EDU001" })).toBeNull();
    const url = "/educacion/articulo/educacion-publica-el-gobierno-anuncia-reforma/EDU001/";
    expect((await fetch("content-by-url", { website: "semana", url }))._id).toBe("EDU001");
    expect((await fetch("content-by-url", { website: "semana", url: url.slice(0, -1) }))._id).toBe("EDU001");
    expect(await fetch("content-by-url", { website: "fucsia", url })).toBeNull();
    expect(await fetch("content-by-url", { website: "semana", url: "/no/existe/" })).toBeNull();
  });

  it("answers sections (with children) and navigation trees", async () => {
    const section = await fetch("section-api", { website: "semana", queryString: "economia" });
    expect(section).toMatchObject({ _id: "/economia", _website: "semana", name: "Economía", site: { site_title: "Economía - Semana" } });
    expect(section.children.map((child: any) => child.name)).toEqual(["Empresas", "Cápsulas económicas"]);
    expect(await fetch("section-source", { website: "semana", path: "/economia/" })).toEqual(section);
    expect(await fetch("section-api", { website: "semana", queryString: "/no-existe" })).toBeNull();
    const trendy = await fetch("navigation-source", { website: "semana", queryString: "SemanaTrendyBar" });
    expect(trendy.children.map((child: any) => child.display_name)).toEqual(["Elecciones", "Reforma educativa"]);
    expect(await fetch("navigation-api", { website: "semana", queryString: "navSemanaTv" })).toMatchObject({ _id: "navSemanaTv" });
    expect(await fetch("navigation-api", { website: "soho", queryString: "navSemanaTv" })).toBeNull();
  });

  it("answers videos: by section, by programme, and their YouTube metadata", async () => {
    expect(ids(await fetch("video-section-source", { website: "semana", includeSections: "semana-tv" }))).toEqual(["VID001", "VID002"]);
    expect(ids(await fetch("content-apir-semanaTV-v2", { website: "semana", includeSections: "/semana-tv/programas/semana-noticias", feedSize: 10 }))).toEqual([
      "VID001",
    ]);
    const videos = await fetch("youtube-api-videos", { website: "semana", videoId: "yt-semana-002,yt-semana-001,nope" });
    expect(videos.items.map((item: any) => item.id)).toEqual(["yt-semana-002", "yt-semana-001"]);
    expect(videos.items[0]).toMatchObject({
      snippet: {
        title: "Vicky en Semana: entrevista al ministro",
        publishedAt: "2024-05-20T10:00:00.000Z",
        thumbnails: { default: { url: "/images/semana/VID002.jpg" } },
      },
      contentDetails: { duration: "PT2M19S" },
    });
  });

  it("drops a malformed stored document with a log line and still answers the list", async () => {
    const { store } = testStore;
    await store.db.query("UPDATE documents SET document = document - 'type' WHERE _id = 'NAC000'");
    try {
      const answer = await fetch("content-apir", { website: "semana", includeSections: "nacion", feedSize: 3 });
      expect(ids(answer)).toEqual(["NIN001", "NAC001"]);
      expect(warnings.some((line) => line.includes("content-apir: documento descartado (type:") && line.includes("NAC000"))).toBe(true);
    } finally {
      await store.upsertDocuments([nacionDocuments[0]]);
    }
    expect(ids(await fetch("content-apir", { website: "semana", includeSections: "nacion", feedSize: 3 }))).toEqual(["NIN001", "NAC000", "NAC001"]);
  });
});
