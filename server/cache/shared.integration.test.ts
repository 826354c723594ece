// The shared caches over the local Redis: two sets of stores with clients of their own stand for two
// processes (server/cli/cluster.integration.test.ts does it with real server processes). A fetch or
// a page made by one serves the other, a key is fetched once across both, entries expire with their
// TTL and stale window, and when Redis goes away (a proxy closed or stalled) pages keep being served
// from this process's memory with one warning, Redis being used again once it is back.
import type { AddressInfo } from "node:net";
import express from "express";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CONTENT_CLAIM_MS, ContentCache, MemoryCacheStore, type CacheEntry } from "../../runtime/cache";
import { createLogger } from "../../platform/log";
import { createPageCache } from "../http/page-cache";
import { cacheStores, type CacheStores } from "./index";
import { RedisStore, SharedStore, jsonCodec } from "./store";
import { deleteKeys, redisAnswers, redisProxy, TEST_REDIS_URL, testPrefix, type TcpProxy } from "./testing";
import { readSettings } from "../../platform/settings";
import { metrics } from "../../platform/metrics";

const reachable = await redisAnswers();
if (!reachable) console.warn(`[aviso] Redis no responde en ${TEST_REDIS_URL}: se omiten las pruebas de las cachés compartidas (TEST_REDIS_URL elige otro)`);

const policy = { ttlMs: 60_000, staleMs: 600_000 };
const LOG_INTERVAL_MS = 60_000;

/** Stores on their own connection, with the lines they log. */
async function openStores(prefix: string, url = TEST_REDIS_URL, connected = true) {
  const lines: string[] = [];
  const stores = cacheStores(
    readSettings({ REDIS_URL: url, REDIS_PREFIX: prefix }),
    createLogger("info", (line) => lines.push(line)),
    LOG_INTERVAL_MS,
  );
  if (connected) await vi.waitFor(() => expect(stores.redis!.usable()).toBe(true));
  return { stores, lines };
}

/** An HTTP server with the page cache on these stores, whose page reads one content key through the content cache. */
async function pageServer(stores: CacheStores, name: string) {
  const content = new ContentCache(stores.content);
  const counts = { renders: 0, loads: 0 };
  let gate: Promise<void> | undefined;
  const app = express();
  app.use(createPageCache({ freshSeconds: 30, staleSeconds: 60, store: stores.pages, key: (req) => req.originalUrl }));
  app.get("/pagina/:n/", async (req, res) => {
    counts.renders++;
    await gate;
    const { value } = await content.get(`titular:${req.params.n}`, policy, async () => {
      counts.loads++;
      return `Titular ${req.params.n}`;
    });
    res.set("Cache-Control", "public, s-maxage=60").type("html").send(`<h1>${value}</h1><p>renderizada por ${name}</p>`);
  });
  const server = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    counts,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hold() {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => ((gate = undefined), release());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!reachable)("two processes sharing Redis", () => {
  const prefix = testPrefix("prueba-cache");
  const direct = new Redis(TEST_REDIS_URL, { keyPrefix: prefix });
  let a: Awaited<ReturnType<typeof openStores>>;
  let b: Awaited<ReturnType<typeof openStores>>;
  beforeAll(async () => {
    [a, b] = await Promise.all([openStores(prefix), openStores(prefix)]);
  });
  afterAll(async () => {
    await Promise.all([a?.stores.close(), b?.stores.close()]);
    await deleteKeys(prefix);
    direct.disconnect();
  });

  it("a fetch made by one is a hit for the other, and entries expire after their TTL and stale window", async () => {
    const load = vi.fn(async () => ({ titular: "Compartido", etiquetas: ["paz", "año"] }));
    expect((await new ContentCache(a.stores.content).get("nota:1", policy, load)).status).toBe("miss");
    expect(await new ContentCache(b.stores.content).get("nota:1", policy, load)).toEqual({
      value: { titular: "Compartido", etiquetas: ["paz", "año"] },
      status: "hit",
    });
    expect(load).toHaveBeenCalledTimes(1);
    const ttl = await direct.pttl("content:nota:1");
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(policy.ttlMs + policy.staleMs);
  });

  it("fetches a key once across both under concurrent misses, each claim expiring on its own", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = vi.fn(async () => {
      await gate;
      return "una sola vez";
    });
    const caches = [new ContentCache(a.stores.content), new ContentCache(b.stores.content)];
    const answers = Array.from({ length: 10 }, (_, i) => caches[i % 2].get("nota:concurrida", policy, load));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    const claim = await direct.pttl("content-claim:nota:concurrida");
    expect(claim).toBeGreaterThan(0);
    expect(claim).toBeLessThanOrEqual(CONTENT_CLAIM_MS);
    release();
    expect(new Set((await Promise.all(answers)).map((answer) => answer.value))).toEqual(new Set(["una sola vez"]));
    expect(load).toHaveBeenCalledTimes(1);
    expect(await direct.exists("content-claim:nota:concurrida")).toBe(0);
  });

  it("serves a page rendered by one from the other, and renders a missed page once across both", async () => {
    const [first, second] = await Promise.all([pageServer(a.stores, "A"), pageServer(b.stores, "B")]);
    try {
      const rendered = await fetch(`${first.origin}/pagina/1/`);
      expect(rendered.headers.get("x-page-cache")).toBe("MISS");
      await expect.poll(() => direct.exists("page:/pagina/1/")).toBe(1);
      const replayed = await fetch(`${second.origin}/pagina/1/`, { headers: { "Accept-Encoding": "gzip" } });
      expect(replayed.headers.get("x-page-cache")).toBe("HIT");
      expect(replayed.headers.get("content-encoding")).toBe("gzip");
      expect(await replayed.text()).toBe(await rendered.text());
      expect(second.counts.renders).toBe(0);

      first.counts.renders = 0;
      const releaseFirst = first.hold();
      const releaseSecond = second.hold();
      const answers = Array.from({ length: 12 }, (_, i) => fetch(`${[first, second][i % 2].origin}/pagina/2/`));
      await vi.waitFor(() => expect(first.counts.renders + second.counts.renders).toBe(1));
      releaseFirst();
      releaseSecond();
      const statuses = (await Promise.all(answers)).map((answer) => answer.headers.get("x-page-cache"));
      expect(statuses.filter((status) => status === "MISS")).toHaveLength(1);
      expect(first.counts.renders + second.counts.renders).toBe(1);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("answers from a near copy only while it is fresh: a newer entry in Redis reaches every process within the TTL", async () => {
    let now = Date.now();
    const redisOf = a.stores.redis!;
    const near = new MemoryCacheStore();
    const store = new SharedStore<CacheEntry>(near, new RedisStore(redisOf, "content", jsonCodec), redisOf, () => now);
    await store.set("nota:cambia", { value: "antes", storedAt: now }, policy.ttlMs + policy.staleMs);
    // Another process fetched the document again after an editor changed it.
    await b.stores.content.set("nota:cambia", { value: "después", storedAt: now + 1 }, policy.ttlMs + policy.staleMs);
    expect((await store.get("nota:cambia", policy.ttlMs))?.value).toBe("antes");
    now += policy.ttlMs;
    expect((await store.get("nota:cambia", policy.ttlMs))?.value).toBe("después");
  });
});

describe.skipIf(!reachable)("when Redis goes away", () => {
  const prefix = testPrefix("prueba-caida");
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await redisProxy();
  });
  afterAll(async () => {
    await proxy?.close();
    await deleteKeys(prefix);
  });

  const warnings = (lines: string[]) => lines.filter((line) => line.startsWith("[warn] Redis no responde"));

  it("keeps serving pages from this process's memory with one warning, and uses Redis again once it is back", async () => {
    const { stores, lines } = await openStores(prefix, proxy.url);
    const site = await pageServer(stores, "A");
    const direct = new Redis(TEST_REDIS_URL, { keyPrefix: prefix });
    try {
      expect((await fetch(`${site.origin}/pagina/1/`)).status).toBe(200);
      await expect.poll(() => direct.exists("page:/pagina/1/")).toBe(1);

      const fallbacks = async (reason: string) => (await metrics.redisFallbacks.get()).values.find((v) => v.labels.reason === reason)?.value ?? 0;
      const before = await fallbacks("unavailable");
      await proxy.close();
      for (let round = 0; round < 3; round++) {
        for (let n = 1; n <= 10; n++) {
          const answer = await fetch(`${site.origin}/pagina/${n}/`);
          expect(answer.status).toBe(200);
          expect(await answer.text()).toContain(`Titular ${n}`);
        }
      }
      // Pages and content rendered during the outage live in memory: each page once, each key fetched once.
      expect(site.counts.renders).toBe(10);
      expect(site.counts.loads).toBe(10);
      expect(warnings(lines)).toHaveLength(1);
      // The operators' metric counts each operation done without Redis (docs/observability.md).
      expect((await fallbacks("unavailable")) - before).toBeGreaterThanOrEqual(30);

      await proxy.open();
      await expect.poll(() => lines.some((line) => line.includes("Redis responde de nuevo")), { timeout: 10_000 }).toBe(true);
      expect((await fetch(`${site.origin}/pagina/11/`)).status).toBe(200);
      await expect.poll(() => direct.exists("page:/pagina/11/")).toBe(1);
      expect(warnings(lines)).toHaveLength(1);
    } finally {
      direct.disconnect();
      await site.close();
      await stores.close();
    }
  });

  it("does not keep pages waiting on a Redis that stops answering: its commands time out and memory serves", async () => {
    const { stores, lines } = await openStores(prefix, proxy.url);
    const site = await pageServer(stores, "A");
    try {
      expect((await fetch(`${site.origin}/pagina/20/`)).status).toBe(200);
      proxy.stall(true);
      for (let n = 20; n < 30; n++) expect((await fetch(`${site.origin}/pagina/${n}/`)).status).toBe(200);
      expect(warnings(lines)).toHaveLength(1);
      expect(lines.find((line) => line.startsWith("[warn]"))).toContain("no respondió en 250 ms");
      proxy.stall(false);
      let n = 30;
      await expect
        .poll(
          async () => {
            expect((await fetch(`${site.origin}/pagina/${n++}/`)).status).toBe(200);
            return lines.some((line) => line.includes("Redis responde de nuevo"));
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      proxy.stall(false);
      await site.close();
      await stores.close();
    }
  });

  it("starts without Redis, serving from memory, and connects once it answers", async () => {
    await proxy.close();
    const { stores, lines } = await openStores(prefix, proxy.url, false);
    const site = await pageServer(stores, "A");
    try {
      for (let i = 0; i < 5; i++) expect((await fetch(`${site.origin}/pagina/40/`)).status).toBe(200);
      expect(site.counts.renders).toBe(1);
      await expect.poll(() => warnings(lines).length).toBe(1);
      await proxy.open();
      await vi.waitFor(() => expect(stores.redis!.usable()).toBe(true), { timeout: 10_000 });
    } finally {
      await site.close();
      await stores.close();
    }
  });
});
