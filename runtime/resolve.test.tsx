import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ContentCache, MemoryCacheStore } from "./cache";
import { PageView } from "./render";
import { checkParams } from "./existence-checks";
import { toPageData } from "./page-data";
import { resolveBlock, resolvePage } from "./resolve";
import { createRegistry, type Registry } from "./registry";
import { fakeSource, storyList, testRegistry, testViews } from "../tests/support/runtime-fixtures";
import type { BlockInstance, BlockServer, ContentSource, PageContext, PageDefinition } from "./types";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };

function list(id: string, section: string, extra: Record<string, unknown> = {}): BlockInstance {
  return { type: "story-list", id, settings: { published: true, feedSize: 3, offset: 0, section, ...extra } };
}

function page(main: BlockInstance[]): PageDefinition {
  return { id: "portada", brand: "semana", route: "/", layout: "main-sidebar", metadata: {}, regions: { main } };
}

function silentLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}

describe("resolution", () => {
  it("fetches every block at once: the 10 fetches of 10 blocks are all under way together", async () => {
    const source = fakeSource({ delayMs: 20 });
    const registry = testRegistry([source]);
    const blocks = Array.from({ length: 10 }, (_, i) => list(`b${i}`, `/seccion-${i}`));
    const resolved = await resolvePage(page(blocks), context, { registry, cache: new ContentCache() });
    expect(source.calls).toHaveLength(10);
    expect(source.maxInFlight).toBe(10);
    expect(resolved.regions.main).toHaveLength(10);
  });

  it("makes one fetch per key for identical queries and for two concurrent resolutions", async () => {
    const source = fakeSource({ delayMs: 30 });
    const registry = testRegistry([source]);
    const definition = page([list("a", "/nacion"), list("b", "/nacion"), list("c", "/mundo")]);
    const cache = new ContentCache();
    const [first, second] = await Promise.all([resolvePage(definition, context, { registry, cache }), resolvePage(definition, context, { registry, cache })]);
    expect(source.calls.map((q) => q.section).sort()).toEqual(["/mundo", "/nacion"]);
    expect(first.regions.main.map((b) => b.id)).toEqual(["a", "b", "c"]);
    expect(second.regions.main[0].data.items[0].title).toBe("/nacion nota 1");
  });

  it("skips a block whose source throws and one whose source times out, rendering the others", async () => {
    const slow = fakeSource({ name: "slow", delayMs: 500, timeoutMs: 50 });
    const registry = testRegistry([fakeSource({ name: "stories" }), fakeSource({ name: "broken", fail: true }), slow]);
    const query = { website: "semana", section: "/x", feedSize: 2 };
    const definition = page([
      list("ok", "/nacion"),
      list("roto", "/x", { contentConfig: { source: "broken", query } }),
      list("lento", "/x", { contentConfig: { source: "slow", query } }),
    ]);
    const logger = silentLogger();
    const resolved = await resolvePage(definition, context, { registry, cache: new ContentCache(), logger });
    // The page did not wait for the slow source: its fetch is still under way.
    expect(slow.inFlight).toBe(1);
    expect(resolved.regions.main.map((b) => b.id)).toEqual(["ok"]);
    const byId = Object.fromEntries(resolved.diagnostics.map((d) => [d.blockId, d]));
    expect(byId.roto).toMatchObject({ skipped: "fetch-failed", detail: "broken no disponible" });
    expect(byId.roto.fetches[0]).toMatchObject({ source: "broken", cache: "error" });
    expect(byId.lento).toMatchObject({ skipped: "timeout", detail: "slow no respondió en 50 ms" });
    expect(byId.ok.fetches[0]).toMatchObject({ source: "stories", cache: "miss", query: { section: "/nacion", feedSize: 3 } });
    expect(logger.warn).toHaveBeenCalledWith("bloque omitido", expect.objectContaining({ pageId: "portada", blockId: "roto", reason: "fetch-failed" }));
  });

  it("renders nothing for unpublished and empty blocks, and skips a block whose component throws", async () => {
    const registry = testRegistry([fakeSource({ items: (q) => (q.section === "/vacia" ? [] : [{ title: `Titular de ${q.section}` }]) })]);
    const definition = page([
      list("visible", "/nacion", { title: "Nación" }),
      list("apagado", "/mundo", { published: false, title: "Mundo" }),
      list("vacio", "/vacia", { title: "Vacía" }),
      list("explota", "/economia", { title: "Economía", explode: true }),
      { type: "banner", id: "aviso", settings: { published: true, text: "Aviso final" } },
    ]);
    const resolved = await resolvePage(definition, context, { registry, cache: new ContentCache() });
    const skipped = Object.fromEntries(resolved.diagnostics.map((d) => [d.blockId, d.skipped]));
    expect(skipped).toEqual({ visible: undefined, apagado: "unpublished", vacio: "empty", explota: undefined, aviso: undefined });

    // The failure goes to whoever the page is rendered for (the server passes its logger).
    const failures: string[] = [];
    const html = renderToString(
      <PageView page={toPageData(resolved)} views={testViews} onRenderFailure={(pageId, blockId) => failures.push(`${pageId}/${blockId}`)} />,
    );
    expect(html).toContain("Titular de /nacion");
    expect(html).toContain("Aviso final");
    expect(html).not.toContain("Mundo");
    expect(html).not.toContain("Vacía");
    expect(html).not.toContain("Economía");
    expect(failures).toEqual(["portada/explota"]);
  });

  it("asks a block's source whether its answer is empty: the runtime reads no content format", async () => {
    // A block without an isEmpty of its own, on a source that answers { content_elements: [] }.
    const { isEmpty: _isEmpty, ...withoutIsEmpty } = storyList;
    const blocks = { "story-list": withoutIsEmpty, banner: {} };
    const source = fakeSource({ items: () => [] });
    const resolveWith = (registry: Registry) => resolvePage(page([list("vacio", "/vacia")]), context, { registry, cache: new ContentCache() });
    expect((await resolveWith(testRegistry([source], blocks))).diagnostics[0].skipped).toBe("empty");
    // Without the source's rule, a list wrapped in an object is not "nothing": the block renders.
    delete source.hasNoItems;
    expect((await resolveWith(testRegistry([source], blocks))).diagnostics[0].skipped).toBeUndefined();
  });

  it("parses a block's query once per cache miss, and tells the source it is parsed", async () => {
    const source = fakeSource();
    let parses = 0;
    const told: Array<boolean | undefined> = [];
    const counted: ContentSource = {
      ...source,
      query: source.query.transform((query) => (parses++, query)),
      fetch: (query, options) => (told.push(options.parsed), source.fetch(query, options)),
    };
    const registry = testRegistry([counted]);
    const cache = new ContentCache();
    await resolvePage(page([list("a", "/nacion")]), context, { registry, cache });
    await resolvePage(page([list("a", "/nacion")]), context, { registry, cache });
    // The second page is a cache hit: no parse, no fetch.
    expect({ parses, told }).toEqual({ parses: 1, told: [true] });
  });

  it("shows a block limited to some brands only on those brands", async () => {
    const registry = testRegistry();
    const definition = page([{ ...list("solo-soho", "/nacion"), brands: ["soho"] }, list("todas", "/mundo")]);
    const onSemana = await resolvePage(definition, context, { registry, cache: new ContentCache() });
    expect(onSemana.diagnostics.map((d) => [d.blockId, d.skipped])).toEqual([
      ["solo-soho", "other-brand"],
      ["todas", undefined],
    ]);
    const onSoho = await resolvePage(definition, { ...context, brand: "soho" }, { registry, cache: new ContentCache() });
    expect(onSoho.regions.main.map((b) => b.id)).toEqual(["solo-soho", "todas"]);
  });

  it("skips a block outside its publication window as scheduled, fetching nothing for it, and says when the next boundary comes", async () => {
    const source = fakeSource();
    const registry = testRegistry([source]);
    const banner = (id: string, window: Record<string, string>, published = true): BlockInstance => ({
      type: "banner",
      id,
      settings: { published, text: id, ...window },
    });
    const definition: PageDefinition = {
      ...page([
        banner("siempre", {}),
        banner("en-curso", { publishFrom: "2026-12-01T06:00:00-05:00", publishUntil: "2026-12-01T23:59:00-05:00" }),
        banner("pendiente", { publishFrom: "2026-12-01T18:00:00-05:00" }),
        banner("vencido", { publishUntil: "2026-12-01T11:00:00-05:00" }),
        // An unpublished block's window changes nothing the page shows.
        banner("apagado", { publishFrom: "2026-12-01T12:30:00-05:00" }, false),
        list("lista-pendiente", "/nacion", { publishFrom: "2026-12-01T20:00:00-05:00" }),
      ]),
      publishUntil: "2026-12-02T00:00:00-05:00",
    };
    const logger = silentLogger();
    const at = (iso: string) => resolvePage(definition, { ...context, now: new Date(iso) }, { registry, cache: new ContentCache(), logger });

    const noon = await at("2026-12-01T12:00:00-05:00");
    expect(noon.regions.main.map((b) => b.id)).toEqual(["siempre", "en-curso"]);
    const skipped = Object.fromEntries(noon.diagnostics.map((d) => [d.blockId, [d.skipped, d.detail]]));
    expect(skipped.pendiente).toEqual(["scheduled", "pendiente: se muestra desde 2026-12-01T18:00:00-05:00"]);
    expect(skipped.vencido).toEqual(["scheduled", "vencido: se mostró hasta 2026-12-01T11:00:00-05:00"]);
    expect(skipped.apagado).toEqual(["unpublished", undefined]);
    expect(source.calls).toEqual([]);
    expect(noon.changesAt).toEqual(new Date("2026-12-01T18:00:00-05:00"));

    // At the running block's end the pending ones show, and the page's own end comes next.
    const late = await at("2026-12-01T23:59:00-05:00");
    expect(late.regions.main.map((b) => b.id)).toEqual(["siempre", "pendiente", "lista-pendiente"]);
    expect(late.changesAt).toEqual(new Date("2026-12-02T00:00:00-05:00"));
    // An editor's schedule is no failure: nothing is logged.
    expect(logger.warn).not.toHaveBeenCalled();

    const unscheduled = await resolvePage(page([banner("siempre", {})]), { ...context, now: new Date() }, { registry, cache: new ContentCache() });
    expect(unscheduled.changesAt).toBeUndefined();
  });

  it("sends the browser the blocks and their data, not the request context", async () => {
    const registry = testRegistry();
    const resolved = await resolvePage(
      page([list("visible", "/nacion")]),
      { ...context, article: { _id: "SECRETO" } },
      { registry, cache: new ContentCache() },
    );
    const data = toPageData(resolved);
    expect(Object.keys(data).sort()).toEqual(["brand", "id", "layout", "regions"]);
    expect(JSON.stringify(data)).not.toContain("SECRETO");
  });

  it("shows a block only the query parameters it declares, and the registry lists every declared one", async () => {
    const echo = { transform: (_raw: unknown, _settings: unknown, ctx: PageContext) => ctx.query, isEmpty: () => false };
    const registry = createRegistry({
      blocks: { search: { ...echo, queryParams: ["q", "page"] }, banner: echo },
      layouts: [{ name: "main-sidebar", regions: ["main"] }],
    });
    const blocks: BlockInstance[] = [
      { type: "search", id: "buscador", settings: { published: true } },
      { type: "banner", id: "aviso", settings: { published: true } },
    ];
    const query = { q: "paz", page: "2", utm_source: "boletin", v: "123" };
    const resolved = await resolvePage(page(blocks), { ...context, query }, { registry, cache: new ContentCache() });
    expect(resolved.regions.main.map((block) => block.data)).toEqual([{ q: "paz", page: "2" }, {}]);
    expect([...registry.queryParams].sort()).toEqual(["page", "q"]);
  });

  it("checks a route parameter with one cached fetch before the page is resolved", async () => {
    const source = fakeSource({ items: (query) => (query.section === "/nacion" ? [{ title: "una nota" }] : []) });
    const registry = testRegistry([source]);
    const withCheck: PageDefinition = { ...page([list("lista", "/x")]), route: "/:section/", params: { section: { mustExist: "section" } } };
    const options = { registry, cache: new ContentCache() };
    expect(await checkParams(withCheck, { ...context, params: { section: "nacion" } }, options)).toEqual({ status: "exist" });
    expect(await checkParams(withCheck, { ...context, params: { section: "no-existe" } }, options)).toEqual({ status: "missing", param: "section" });
    expect(await checkParams(withCheck, { ...context, params: { section: "nacion" } }, options)).toEqual({ status: "exist" });
    expect(source.calls).toHaveLength(2); // the third answer came from the cache
    const failing = testRegistry([fakeSource({ fail: true })]);
    expect(await checkParams(withCheck, { ...context, params: { section: "nacion" } }, { registry: failing, cache: new ContentCache() })).toMatchObject({
      status: "unknown",
      param: "section",
    });
  });

  it("resolves one block with the load-more cursor", async () => {
    const source = fakeSource();
    const registry = testRegistry([source]);
    const { block } = await resolveBlock(
      page([list("a", "/nacion"), list("b", "/mundo")]),
      "b",
      { ...context, cursor: { offset: 3 } },
      { registry, cache: new ContentCache() },
    );
    expect(source.calls).toEqual([{ website: "semana", section: "/mundo", feedSize: 3, feedOffset: 3 }]);
    expect(block?.data.items[0].title).toBe("/mundo nota 4");
  });

  it("resolves a whole page with one block paged (a load-more button followed without script), the others as usual", async () => {
    const source = fakeSource();
    const registry = testRegistry([source]);
    const resolved = await resolvePage(
      page([list("a", "/nacion"), list("b", "/mundo")]),
      { ...context, paged: { blockId: "b", offset: 3 } },
      { registry, cache: new ContentCache() },
    );
    expect(source.calls).toEqual([
      { website: "semana", section: "/nacion", feedSize: 3, feedOffset: 0 },
      { website: "semana", section: "/mundo", feedSize: 3, feedOffset: 3 },
    ]);
    expect(resolved.regions.main.map((block) => block.data.items[0].title)).toEqual(["/nacion nota 1", "/mundo nota 4"]);
  });
});

describe("follow-up fetches (a second round named from the first answers)", () => {
  // A "menu" block: its first fetch names the sections, its follow-up asks for each one's stories.
  const menu: BlockServer = {
    fetch: (settings: any, ctx) => ({ menu: { source: "stories", query: { website: ctx.brand, section: settings.section, feedSize: 2, feedOffset: 0 } } }),
    followUp: (answers) =>
      Object.fromEntries(
        (answers.menu?.content_elements ?? []).map((item: { title: string }, i: number) => [
          `row${i}`,
          { source: "stories", query: { website: "semana", section: `/${item.title}`, feedSize: 1, feedOffset: 0 } },
        ]),
      ),
    transform: (data) => ({
      rows: Object.keys(data)
        .filter((name) => name.startsWith("row"))
        .map((name) => data[name].content_elements[0].title),
    }),
    isEmpty: () => false,
  };
  const menuItems = (query: any) =>
    query.section === "/menu" ? [{ title: "nacion" }, { title: "mundo" }] : query.section === "/roto" ? [{ title: "x" }] : [{ title: `${query.section} nota` }];

  it("asks the follow-ups once the first answers are in, all at once, merged with identical ones, and gives the block every answer", async () => {
    const source = fakeSource({ items: menuItems, delayMs: 5 });
    const registry = createRegistry({ blocks: { menu, "story-list": storyList }, sources: [source], layouts: [{ name: "main-sidebar", regions: ["main"] }] });
    const blocks: BlockInstance[] = [
      { type: "menu", id: "m", settings: { published: true, section: "/menu" } },
      { type: "story-list", id: "l", settings: { published: true, feedSize: 1, offset: 0, section: "/nacion" } },
    ];
    const resolved = await resolvePage(page(blocks), context, { registry, cache: new ContentCache() });
    // Round one: /menu and the list's /nacion; round two: /mundo only (the /nacion answer is shared).
    expect(source.calls.map((q) => q.section)).toEqual(["/menu", "/nacion", "/mundo"]);
    expect(resolved.regions.main[0].data).toEqual({ rows: ["/nacion nota", "/mundo nota"] });
    expect(resolved.diagnostics[0].fetches.map((f) => f.name)).toEqual(["menu", "row0", "row1"]);
  });

  it("asks nothing more when the first fetch failed, and skips a block whose follow-up fails or reuses a first name", async () => {
    const broken = fakeSource({ name: "stories", fail: true });
    const registry = createRegistry({ blocks: { menu }, sources: [broken], layouts: [{ name: "main-sidebar", regions: ["main"] }] });
    const resolved = await resolvePage(page([{ type: "menu", id: "m", settings: { published: true, section: "/menu" } }]), context, {
      registry,
      cache: new ContentCache(),
      logger: silentLogger(),
    });
    expect(broken.calls).toHaveLength(1);
    expect(resolved.diagnostics[0]).toMatchObject({ skipped: "fetch-failed" });

    const source = fakeSource({ items: menuItems });
    const clash: BlockServer = { ...menu, followUp: () => ({ menu: { source: "stories", query: { website: "semana", section: "/x", feedSize: 1 } } }) };
    const withClash = createRegistry({ blocks: { menu: clash }, sources: [source], layouts: [{ name: "main-sidebar", regions: ["main"] }] });
    const clashed = await resolvePage(page([{ type: "menu", id: "m", settings: { published: true, section: "/menu" } }]), context, {
      registry: withClash,
      cache: new ContentCache(),
      logger: silentLogger(),
    });
    expect(clashed.diagnostics[0]).toMatchObject({ skipped: "fetch-failed", detail: expect.stringContaining("«menu» ya está en la primera ronda") });
  });

  it("continues a load-more request through its follow-ups too", async () => {
    const source = fakeSource({ items: menuItems });
    const registry = createRegistry({ blocks: { menu }, sources: [source], layouts: [{ name: "main-sidebar", regions: ["main"] }] });
    const { block } = await resolveBlock(
      page([{ type: "menu", id: "m", settings: { published: true, section: "/menu" } }]),
      "m",
      { ...context, cursor: { offset: 2 } },
      { registry, cache: new ContentCache() },
    );
    expect(block?.data).toEqual({ rows: ["/nacion nota", "/mundo nota"] });
  });
});

describe("content cache", () => {
  it("serves stale data while one refetch runs, then the fresh data", async () => {
    let now = 0;
    const cache = new ContentCache(new MemoryCacheStore(), { now: () => now });
    let version = 0;
    let release!: () => void;
    const load = vi.fn(async () => {
      version++;
      if (version > 1) await new Promise<void>((resolve) => (release = resolve));
      return `v${version}`;
    });
    const policy = { ttlMs: 1000, staleMs: 10_000 };
    expect(await cache.get("k", policy, load)).toEqual({ value: "v1", status: "miss" });
    expect(await cache.get("k", policy, load)).toEqual({ value: "v1", status: "hit" });
    now = 2000;
    expect(await cache.get("k", policy, load)).toEqual({ value: "v1", status: "stale" });
    expect(await cache.get("k", policy, load)).toEqual({ value: "v1", status: "stale" });
    expect(load).toHaveBeenCalledTimes(2);
    release();
    await vi.waitFor(async () => expect(await cache.get("k", policy, load)).toEqual({ value: "v2", status: "hit" }));
  });

  it("serves stale data when the source fails, however old", async () => {
    let now = 0;
    const logger = silentLogger();
    const cache = new ContentCache(new MemoryCacheStore(), { now: () => now, logger });
    const policy = { ttlMs: 1000, staleMs: 1000 };
    await cache.get("k", policy, async () => "guardado");
    now = 60_000;
    const failing = async () => {
      throw new Error("fuente caída");
    };
    expect(await cache.get("k", policy, failing)).toEqual({ value: "guardado", status: "stale" });
    expect(logger.warn).toHaveBeenCalledWith("la fuente falló; se sirve el valor anterior", expect.objectContaining({ error: "fuente caída" }));
    await expect(cache.get("otra", policy, failing)).rejects.toThrow("fuente caída");
  });

  it("never caches undefined: a source answering nothing is a failure", async () => {
    const cache = new ContentCache();
    await expect(cache.get("k", { ttlMs: 1000, staleMs: 0 }, async () => undefined)).rejects.toThrow("undefined");
  });
});

describe("cache keys", () => {
  it("are the same for the same query whatever the order of its keys, nested or not", async () => {
    const { cacheKey } = await import("./cache");
    expect(cacheKey("s", { b: 1, a: "x", c: undefined })).toBe(cacheKey("s", { a: "x", b: 1 }));
    expect(cacheKey("s", { q: { y: [1, { z: 2, w: 3 }], x: null } })).toBe(cacheKey("s", { q: { x: null, y: [1, { w: 3, z: 2 }] } }));
    expect(cacheKey("s", { a: 1 })).not.toBe(cacheKey("t", { a: 1 }));
    expect(cacheKey("s", { a: 1 })).not.toBe(cacheKey("s", { a: "1" }));
  });
});
