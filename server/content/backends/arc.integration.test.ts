import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContentSource, Logger } from "../../../runtime/types";
import { createContentSources } from "../sources";
import { makeTestCorpus } from "../testing/corpus";
import { contentTestTargets, openTestStore, type TestStore } from "../testing/stores";
import { createArcSources } from "./arc";
import { startArcTestServer, type ArcTestServer } from "./arc-test-server";
import { createLocalSources } from "./local";
import { readSettings } from "../../../platform/settings";

const TOKEN = "token-de-prueba";
const quiet: Logger = { info() {}, warn() {}, error() {} };
const signal = () => new AbortController().signal;
const byName = (sources: ContentSource[]) => new Map(sources.map((source) => [source.name, source]));

// Every source, with queries that exercise its parameters: the arc backend over HTTP must answer
// exactly what the local backend answers from the same store.
const queries: Array<[string, Record<string, unknown>]> = [
  ["content-apir", { website: "semana", includeSections: "nacion", feedSize: 5, feedOffset: 3, sourceInclude: "headlines.basic,promo_items.basic" }],
  ["content-apir", { website: "semana" }],
  ["content-apir", { website: "semana", includeSections: "nacion", excludeIds: "NAC001" }],
  ["content-apir-v2", { website: "semana", includeSections: "nacion", excludeIds: "NAC001,NAC002" }],
  ["content-apir-v2", { website: "semana", includeSections: "economia/capsulas", includeSubtypes: "capsula" }],
  ["content-apir-date", { website: "semana", date: "2024-05-20", feedSize: 50 }],
  ["content-apir-semanaTV-v2", { website: "semana", includeSections: "/semana-tv/programas/semana-noticias" }],
  ["content-api-search-author", { website: "semana", includeId: "vicky-dvila", includeSections: "opinion" }],
  ["authors-api", { website: "semana", idAutor: "maria-jimena-duzan,vicky-dvila" }],
  ["content-api-collections", { website: "semana", queryString: "COL-ULTIMAS", feedSize: 3, feedOffset: 1 }],
  ["content-api-collections", { website: "semana", queryString: "NO-EXISTE" }],
  ["gallery-by-id", { website: "semana", queryString: "GAL001" }],
  ["latest-stories", { website: "semana", feedSize: 12, feedOffset: 2 }],
  ["latest-stories", { website: "semana", queryString: 'taxonomy.sections._id:"/economia"' }],
  ["section-source", { website: "semana", path: "economia" }],
  ["search-query-source", { website: "semana", queryString: "nino guajira" }],
  ["search-query-source", { website: "semana", queryString: '"festival vallenato"' }],
  ["navigation-source", { website: "semana", queryString: "SemanaTrendyBar" }],
  ["video-section-source", { website: "semana", includeSections: "semana-tv", feedSize: 1 }],
  ["section-api", { website: "semana", queryString: "/no-existe" }],
  ["navigation-api", { website: "semana", queryString: "navSemanaTv" }],
  ["taboola-newsroom-api", { website: "semana", exclude: "EDU001" }],
  ["youtube-api-videos", { website: "semana", videoId: "yt-semana-002,yt-semana-001" }],
  ["content-by-url", { website: "semana", url: "/educacion/articulo/educacion-publica-el-gobierno-anuncia-reforma/EDU001" }],
  ["content-by-url", { website: "semana", url: "/no/existe/" }],
  // Sitemaps and feeds (docs/decisions/0016-output-types.md).
  ["published-content", { website: "semana", month: "2024-05", sourceInclude: "_id,canonical_url,publish_date" }],
  ["published-content", { website: "semana", since: "2024-05-19T00:00:00Z", feedSize: 100 }],
  ["published-content", { website: "fucsia", month: "1999-01" }],
  ["published-months", { website: "semana" }],
  ["taxonomy-terms", { website: "semana", kind: "tags" }],
];

describe("arc backend over HTTP against the Arc-compatible test server", () => {
  let testStore: TestStore;
  let server: ArcTestServer;
  let local: Map<string, ContentSource>;
  let arc: Map<string, ContentSource>;

  beforeAll(async () => {
    testStore = await openTestStore({}, makeTestCorpus());
    server = await startArcTestServer({ store: testStore.store, token: TOKEN });
    local = byName(createLocalSources(testStore.store, { logger: quiet }));
    arc = byName(createArcSources({ origin: server.origin, token: TOKEN, logger: quiet }));
  });
  afterAll(async () => {
    await server?.close();
    await testStore?.cleanup();
  });

  it("implements every declared source", () => {
    expect([...arc.keys()].sort()).toEqual([...local.keys()].sort());
  });

  it.each(queries)("%s answers as the local backend does %j", async (name, query) => {
    const fromArc = await arc.get(name)!.fetch(query, { signal: signal() });
    const fromLocal = await local.get(name)!.fetch(query, { signal: signal() });
    expect(fromArc).toEqual(fromLocal);
  });

  it("the comparison is not vacuous: the lists it compares hold documents", async () => {
    const answer: any = await arc.get("content-apir")!.fetch(queries[0][1], { signal: signal() });
    expect(answer.content_elements).toHaveLength(5);
    expect(answer).toMatchObject({ count: 26, next: 8, previous: 0 });
  });

  it("rejects a bad query before any request", async () => {
    await expect(arc.get("content-apir")!.fetch({ website: "semana", feedSize: "seis" }, { signal: signal() })).rejects.toThrow(/feedSize = "seis"/);
  });

  it("a wrong token (401) surfaces as a rejection that says so", async () => {
    const wrong = byName(createArcSources({ origin: server.origin, token: "otro", logger: quiet }));
    await expect(wrong.get("content-apir")!.fetch({ website: "semana" }, { signal: signal() })).rejects.toThrow(
      /GET \/content\/v4\/search\/published\?.* respondió 401 \(token rechazado: revise ARC_CONTENT_TOKEN\)/,
    );
    // A one-item source does not turn a 401 into "not found".
    await expect(wrong.get("content-by-url")!.fetch({ website: "semana", url: "/x/" }, { signal: signal() })).rejects.toThrow(/401/);
  });

  it("a failing server (500) surfaces as a rejection with its message", async () => {
    // A store whose database has gone away: every request fails inside the server.
    const broken = await openTestStore(contentTestTargets[1][1]());
    const brokenServer = await startArcTestServer({ store: broken.store, token: TOKEN });
    await broken.cleanup();
    try {
      const sources = byName(createArcSources({ origin: brokenServer.origin, token: TOKEN, logger: quiet }));
      await expect(sources.get("latest-stories")!.fetch({ website: "semana" }, { signal: signal() })).rejects.toThrow(/respondió 500/);
      await expect(sources.get("section-api")!.fetch({ website: "semana", queryString: "/nacion" }, { signal: signal() })).rejects.toThrow(/respondió 500/);
    } finally {
      await brokenServer.close();
    }
  });

  it("a body that is not JSON and a refused connection are rejections, never undefined", async () => {
    const htmlServer = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>mantenimiento</html>");
    });
    await new Promise<void>((resolve) => htmlServer.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`;
    try {
      const sources = byName(createArcSources({ origin, token: TOKEN, logger: quiet }));
      await expect(sources.get("content-apir")!.fetch({ website: "semana" }, { signal: signal() })).rejects.toThrow(
        /respondió con algo que no es JSON: <html>mantenimiento/,
      );
    } finally {
      await new Promise((resolve) => htmlServer.close(resolve));
    }
    const closed = byName(createArcSources({ origin, token: TOKEN, logger: quiet }));
    await expect(closed.get("content-apir")!.fetch({ website: "semana" }, { signal: signal() })).rejects.toThrow(/falló/);
  });

  it("the test server checks the token and answers the Content API paths itself", async () => {
    const unauthorised = await fetch(`${server.origin}/content/v4/search/published?website=semana`);
    expect(unauthorised.status).toBe(401);
    const answer = await fetch(`${server.origin}/content/v4/search/published?website=semana&q=type:gallery&size=1`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(await answer.json()).toMatchObject({ type: "results", count: 1, content_elements: [{ _id: "GAL001" }] });
    const bad = await fetch(`${server.origin}/content/v4/search/published?website=semana&q=foo:bar`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(bad.status).toBe(400);
  });
});

describe("choosing the backend from configuration", () => {
  it("needs a store for local, origin and token for arc, and a known backend", async () => {
    const sources = (env: Record<string, string>) => createContentSources(readSettings(env));
    expect(() => sources({})).toThrow(/CONTENT_BACKEND=local necesita el almacén/);
    expect(() => sources({ CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: "https://api.example.com" })).toThrow(/CONTENT_BACKEND=arc necesita ARC_CONTENT_TOKEN/);
    expect(() => sources({ CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: "api.example.com", ARC_CONTENT_TOKEN: "x" })).toThrow(/no es un origen/);
    expect(() => sources({ CONTENT_BACKEND: "wordpress" })).toThrow(/CONTENT_BACKEND «wordpress»: debe ser local o arc/);
    const arc = sources({ CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: "https://api.example.com", ARC_CONTENT_TOKEN: "x" });
    expect(arc.map((source) => source.name)).toContain("content-apir");
  });
});
