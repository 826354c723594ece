// The page cache over real HTTP: public pages are rendered once per TTL, served gzipped and
// revalidated with 304; private answers, cookies and the debug view are never cached.
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { createPageCache, memoryPageStore, normalizedUrl } from "./page-cache";

let clock = 0;
let renders = 0;
// A slow render waits here until the test releases it; tests wait for a render to have started
// (by counting renders) rather than sleeping, so a busy machine cannot reorder them.
const slowRenders: Array<() => void> = [];
const releaseSlowRender = () => slowRenders.shift()?.();
/** Until the slow render has started; patient, as the files before this one may have left the fork busy. */
const slowRenderStarted = () => vi.waitFor(() => expect(slowRenders).toHaveLength(1), { timeout: 15_000 });
let base = "";
/** The cache's store: a test can wait until a page is kept (it is stored once gzipped, after the answer went out). */
const pages = memoryPageStore();
const kept = (path: string) => pages.get(`127.0.0.1${normalizedUrl(path)}`) !== undefined;
let server: ReturnType<express.Express["listen"]>;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(
    createPageCache({ freshSeconds: 10, staleSeconds: 60, now: () => clock, store: pages, bypass: (req) => !!req.get("cookie")?.includes("identidad=") }),
  );
  app.get("/pagina/", async (req, res) => {
    renders++;
    if (req.query.lento !== undefined) await new Promise<void>((resolve) => slowRenders.push(resolve));
    res.set("Cache-Control", "public, s-maxage=60").set("ETag", `"v${renders}"`).type("html").send(`<p>render ${renders}</p>`.repeat(200));
  });
  // A page a publication window changes 5 s after it is rendered (platform/caching.ts sharedPage).
  app.get("/programada/", (_req, res) => {
    renders++;
    res.set("Cache-Control", "public, max-age=0, s-maxage=5, stale-while-revalidate=0, stale-if-error=86400").send(`programada ${renders}`);
  });
  app.get("/privada/", (_req, res) => {
    renders++;
    res.set("Cache-Control", "private, no-store").send(`privada ${renders}`);
  });
  app.get("/galleta/", (_req, res) => {
    renders++;
    res.set("Cache-Control", "public").cookie("sesion", "x").send(`galleta ${renders}`);
  });
  await new Promise<void>((resolve) => (server = app.listen(0, resolve)));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });

it("renders a public page once while fresh, and replays it gzipped with its headers", async () => {
  renders = 0;
  const first = await get("/pagina/");
  expect(await first.text()).toContain("render 1");
  const raw = await fetch(base + "/pagina/", { headers: { "Accept-Encoding": "gzip" } });
  expect(raw.headers.get("content-encoding")).toBe("gzip");
  expect(raw.headers.get("cache-control")).toBe("public, s-maxage=60");
  expect(await raw.text()).toContain("render 1");
  expect(renders).toBe(1);
  const revalidated = await get("/pagina/", { "If-None-Match": '"v1"' });
  expect(revalidated.status).toBe(304);
  expect((await get("/pagina/", { "If-None-Match": 'W/"x", "v1"' })).status).toBe(304);
  expect((await get("/pagina/", { "If-None-Match": '"v0"' })).status).toBe(200);
  const plain = await get("/pagina/", { "Accept-Encoding": "identity" });
  expect(plain.headers.get("content-encoding")).toBeNull();
  expect(await plain.text()).toContain("render 1");
});

it("once stale, one request re-renders while the others get the stale copy", async () => {
  renders = 0;
  clock = 0;
  const first = get("/pagina/?lento");
  await slowRenderStarted();
  releaseSlowRender();
  await first;
  // Until it is kept, a request for the page shares the render in flight instead of finding it stale.
  await vi.waitFor(() => expect(kept("/pagina/?lento")).toBe(true), { timeout: 15_000 });
  clock = 20_000; // past fresh, within stale
  const refreshing = get("/pagina/?lento");
  await slowRenderStarted();
  const meanwhile = await get("/pagina/?lento");
  expect(await meanwhile.text()).toContain("render 1");
  releaseSlowRender();
  expect(await (await refreshing).text()).toContain("render 2");
  expect(await (await get("/pagina/?lento")).text()).toContain("render 2");
  expect(renders).toBe(2);
});

it("keeps a page no longer than its Cache-Control lets shared caches, stale neither, and says its age when it replays it", async () => {
  renders = 0;
  clock = 400_000;
  expect((await get("/programada/")).headers.get("x-page-cache")).toBe("MISS");
  await vi.waitFor(() => expect(kept("/programada/")).toBe(true), { timeout: 15_000 });
  clock = 404_999; // within its 5 s, short of the cache's own 10
  const replayed = await get("/programada/");
  expect(replayed.headers.get("x-page-cache")).toBe("HIT");
  expect(replayed.headers.get("age")).toBe("4");
  expect(await replayed.text()).toBe("programada 1");
  clock = 405_000; // the window changes the page now: rendered again, the old copy not served stale
  const after = await get("/programada/");
  expect(after.headers.get("x-page-cache")).toBe("MISS");
  expect(await after.text()).toBe("programada 2");
  expect(renders).toBe(2);
});

it("never caches private answers, answers that set a cookie, or the debug view", async () => {
  renders = 0;
  await get("/privada/");
  await get("/privada/");
  await get("/galleta/");
  await get("/galleta/");
  expect(renders).toBe(4);
  await get("/pagina/?debug=blocks");
  await get("/pagina/?debug=blocks");
  expect(renders).toBe(6);
});

it("says where each answer came from, and neither serves nor stores a reader's own requests", async () => {
  renders = 0;
  clock = 100_000; // a new fresh window
  expect((await get("/pagina/?propia")).headers.get("x-page-cache")).toBe("MISS");
  expect((await get("/pagina/?propia")).headers.get("x-page-cache")).toBe("HIT");
  const own = await get("/pagina/?propia", { cookie: "identidad=abc" });
  expect(own.headers.get("x-page-cache")).toBe("BYPASS");
  expect(await own.text()).toContain("render 2");
  // The reader's page did not replace the shared one.
  expect(await (await get("/pagina/?propia")).text()).toContain("render 1");
  expect(renders).toBe(2);
});

it("renders a page once however many readers ask for it while it is being rendered", async () => {
  renders = 0;
  clock = 200_000;
  const waiting = Array.from({ length: 20 }, () => get("/pagina/?lento&juntos"));
  await slowRenderStarted();
  releaseSlowRender();
  const answers = await Promise.all(waiting);
  expect(renders).toBe(1);
  expect(answers.map((a) => a.headers.get("x-page-cache")).filter((s) => s === "MISS")).toHaveLength(1);
  expect(new Set(await Promise.all(answers.map((a) => a.text()))).size).toBe(1);
});

it("names a page by its URL without tracking parameters, its other parameters in any order", async () => {
  const { normalizedUrl } = await import("./page-cache");
  expect(normalizedUrl("/nacion/?utm_source=x&utm_medium=y&fbclid=abc&gclid=1")).toBe("/nacion/");
  expect(normalizedUrl("/buscador/?query=paz&page=2")).toBe(normalizedUrl("/buscador/?page=2&query=paz&utm_campaign=z"));
  expect(normalizedUrl("/store/?offerId=466")).toBe("/store/?offerId=466");
  expect(normalizedUrl("/")).toBe("/");
  const reads = (name: string) => ["offerId", "_data"].includes(name);
  expect(normalizedUrl("/store/?v=81723&offerId=466&nocache=1", reads)).toBe("/store/?offerId=466");
  expect(normalizedUrl("/?_data=root&x=1", reads)).toBe("/?_data=root");
  renders = 0;
  clock = 300_000;
  await get("/pagina/?utm_source=boletin");
  await get("/pagina/?fbclid=123");
  await get("/pagina/?gclid=9&utm_medium=correo");
  expect(renders).toBe(1);
});

it("keeps its pages under its byte bound whatever the number of URLs and query strings asked", async () => {
  const { memoryPageStore } = await import("./page-cache");
  const store = memoryPageStore(300_000);
  const app = express();
  let rendered = 0;
  app.use(createPageCache({ freshSeconds: 10, staleSeconds: 60, store }));
  app.get("/buscador/", (req, res) => {
    rendered++;
    res
      .set("Cache-Control", "public")
      .type("html")
      .send(`<p>${String(req.query.q)} ${Math.random()}</p>`.repeat(100));
  });
  const listening = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  try {
    for (let i = 0; i < 300; i++) expect((await fetch(`${origin}/buscador/?q=${i}`)).headers.get("x-page-cache")).toBe("MISS");
    // Pages are stored once compressed (off the request's path).
    await vi.waitFor(() => expect(store.get("127.0.0.1/buscador/?q=299")).toBeDefined());
    expect(store.bytes).toBeGreaterThan(150_000);
    expect(store.bytes).toBeLessThanOrEqual(300_000);
    expect((await fetch(`${origin}/buscador/?q=299`)).headers.get("x-page-cache")).toBe("HIT");
    expect((await fetch(`${origin}/buscador/?q=0`)).headers.get("x-page-cache")).toBe("MISS");
    expect(rendered).toBe(301);
  } finally {
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  }
});

it("renders a page once for two caches sharing a store (as processes share Redis): one renders, the other waits for its page", async () => {
  const { memoryPageStore } = await import("./page-cache");
  const store = memoryPageStore();
  let rendered = 0;
  let arrived = 0;
  let releaseRender!: () => void;
  const origins: string[] = [];
  const servers: Array<ReturnType<express.Express["listen"]>> = [];
  for (let i = 0; i < 2; i++) {
    const app = express();
    app.use((_req, _res, next) => {
      arrived++;
      next();
    });
    app.use(compression());
    app.use(createPageCache({ freshSeconds: 10, staleSeconds: 60, store, key: (req) => req.originalUrl }));
    app.get("/portada/", async (_req, res) => {
      rendered++;
      await new Promise<void>((resolve) => (releaseRender = resolve));
      res.set("Cache-Control", "public").type("html").send(`<p>portada de la app ${i}</p>`);
    });
    const listening = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
      const s = app.listen(0, () => resolve(s));
    });
    servers.push(listening);
    origins.push(`http://127.0.0.1:${(listening.address() as AddressInfo).port}`);
  }
  try {
    const first = fetch(`${origins[0]}/portada/`);
    await vi.waitFor(() => expect(rendered).toBe(1));
    const second = fetch(`${origins[1]}/portada/`);
    // The second process has the request while the first is still rendering.
    await vi.waitFor(() => expect(arrived).toBe(2));
    releaseRender();
    const answers = await Promise.all([first, second]);
    expect(answers.map((a) => a.headers.get("x-page-cache"))).toEqual(["MISS", "HIT"]);
    expect(await Promise.all(answers.map((a) => a.text()))).toEqual(["<p>portada de la app 0</p>", "<p>portada de la app 0</p>"]);
    expect(rendered).toBe(1);
  } finally {
    for (const s of servers) await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

it("serves a page read back from a shared store (its compressed copy only) gzipped, and decompressed to a client that takes no gzip", async () => {
  const { pageCodec } = await import("./page-cache");
  // What Redis holds: each page as pageCodec writes it; reading it back gives the compressed body only.
  const kept = new Map<string, Buffer>();
  const store = {
    get: (key: string) => (kept.has(key) ? pageCodec.decode(kept.get(key)!) : undefined),
    set: (key: string, page: Parameters<typeof pageCodec.encode>[0]) => void kept.set(key, pageCodec.encode(page)),
    claim: () => true,
    release: () => {},
  };
  const app = express();
  app.use(compression());
  app.use(createPageCache({ freshSeconds: 10, staleSeconds: 60, store, key: (req) => req.originalUrl }));
  let rendered = 0;
  app.get("/compartida/", (_req, res) => {
    rendered++;
    res.set("Cache-Control", "public").type("html").send("<p>página compartida</p>".repeat(50));
  });
  const listening = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
    const s = app.listen(0, () => resolve(s));
  });
  const origin = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  try {
    await fetch(`${origin}/compartida/`);
    await vi.waitFor(() => expect(kept.has("/compartida/")).toBe(true));
    expect(pageCodec.decode(kept.get("/compartida/")!).body).toBeUndefined();
    const gzipped = await fetch(`${origin}/compartida/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.headers.get("x-page-cache")).toBe("HIT");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toBe("<p>página compartida</p>".repeat(50));
    const plain = await fetch(`${origin}/compartida/`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("x-page-cache")).toBe("HIT");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe("<p>página compartida</p>".repeat(50));
    expect(rendered).toBe(1);
  } finally {
    await new Promise<void>((resolve) => listening.close(() => resolve()));
  }
});
