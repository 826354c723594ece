// The content cache's bound in bytes, and the claim that lets several caches sharing one store (as
// server processes share Redis) fetch each key once. Two ContentCache instances over one store
// stand for two processes here; server/cache/shared.integration.test.ts does it over Redis.
import { describe, expect, it, vi } from "vitest";
import { ContentCache, MemoryCacheStore, takeTurn } from "./cache";
import { PurgeMarks } from "./purge";

const policy = { ttlMs: 60_000, staleMs: 600_000 };

/** A load that answers only when released, counting its calls. */
function gatedLoad(value: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await gate;
    return value;
  });
  return { load, release };
}

describe("the in-process store's bound", () => {
  it("keeps the entries under their bytes however many keys are asked, evicting the least recently used", async () => {
    const store = new MemoryCacheStore({ maxBytes: 200_000 });
    const cache = new ContentCache(store);
    const answer = (i: number) => ({ headline: `nota ${i}`, body: "á".repeat(1000) });
    for (let i = 0; i < 2000; i++) await cache.get(`listado:{"offset":${i}}`, policy, async () => answer(i));
    expect(store.bytes).toBeGreaterThan(100_000);
    expect(store.bytes).toBeLessThanOrEqual(200_000);
    // The first keys made room for the last ones.
    const load = vi.fn(async () => answer(0));
    expect((await cache.get(`listado:{"offset":0}`, policy, load)).status).toBe("miss");
    expect((await cache.get(`listado:{"offset":1999}`, policy, load)).status).toBe("hit");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers an answer larger than the whole bound without keeping it", async () => {
    const store = new MemoryCacheStore({ maxBytes: 50_000 });
    const cache = new ContentCache(store);
    await cache.get("pequeña", policy, async () => "x".repeat(1000));
    const huge = { body: "x".repeat(100_000) };
    expect(await cache.get("enorme", policy, async () => huge)).toEqual({ value: huge, status: "miss" });
    expect(store.get("enorme")).toBeUndefined();
    expect(store.get("pequeña")).toBeDefined();
    expect(store.bytes).toBeLessThanOrEqual(50_000);
  });

  it("counts many tiny entries by their keys too", async () => {
    const store = new MemoryCacheStore({ maxBytes: 100_000 });
    const cache = new ContentCache(store);
    for (let i = 0; i < 5000; i++) await cache.get(`buscador:{"query":"${"palabra".repeat(10)} ${i}"}`, policy, async () => null);
    expect(store.bytes).toBeLessThanOrEqual(100_000);
  });
});

describe("caches sharing one store", () => {
  it("fetch a key once under concurrent misses: the other waits for the answer", async () => {
    const shared = new MemoryCacheStore();
    const [first, second] = [new ContentCache(shared), new ContentCache(shared)];
    const { load, release } = gatedLoad({ titulo: "compartido" });
    const answers = [first.get("k", policy, load), second.get("k", policy, load), first.get("k", policy, load)];
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    release();
    expect((await Promise.all(answers)).map((a) => a.value)).toEqual([{ titulo: "compartido" }, { titulo: "compartido" }, { titulo: "compartido" }]);
    expect(await second.get("k", policy, load)).toEqual({ value: { titulo: "compartido" }, status: "hit" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("leave a stale key's refresh to the one that claimed it, serving the stale value meanwhile", async () => {
    let now = 0;
    const shared = new MemoryCacheStore();
    const [first, second] = [new ContentCache(shared, { now: () => now }), new ContentCache(shared, { now: () => now })];
    await first.get("k", policy, async () => "v1");
    now = policy.ttlMs + 1;
    const { load, release } = gatedLoad("v2");
    expect(await first.get("k", policy, load)).toEqual({ value: "v1", status: "stale" });
    expect(await second.get("k", policy, load)).toEqual({ value: "v1", status: "stale" });
    release();
    await vi.waitFor(async () => expect(await second.get("k", policy, load)).toEqual({ value: "v2", status: "hit" }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fetch it themselves when the one that claimed it fails", async () => {
    const shared = new MemoryCacheStore();
    const [first, second] = [new ContentCache(shared), new ContentCache(shared)];
    let fail!: (error: Error) => void;
    const failing = vi.fn(() => new Promise<never>((_, reject) => (fail = reject)));
    const failed = first.get("k", policy, failing);
    await vi.waitFor(() => expect(failing).toHaveBeenCalled());
    const load = vi.fn(async () => "de la segunda");
    const waiting = second.get("k", policy, load);
    fail(new Error("fuente caída"));
    await expect(failed).rejects.toThrow("fuente caída");
    expect(await waiting).toEqual({ value: "de la segunda", status: "miss" });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("fill the key anyway when its claim is never given back (a process died holding it)", async () => {
    const shared = new MemoryCacheStore();
    shared.claim("k", 60_000);
    expect(await takeTurn(shared, "k", { since: -Infinity, claimMs: 1000, waitMs: 30, freshMs: 1000 })).toEqual({ claimed: false });
    expect(await takeTurn(shared, "k", { since: -Infinity, claimMs: 1000, waitMs: 0, freshMs: 1000 })).toEqual({ claimed: false });
    const cache = new ContentCache(shared, { claimMs: 30 });
    expect(await cache.get("k", policy, async () => "sin esperar más")).toEqual({ value: "sin esperar más", status: "miss" });
  });
});

describe("a purge by content key", () => {
  const tagger = (origin: { source: string }, value: unknown) => [`s-${origin.source}`, (value as { id: string }).id];
  const origin = { source: "nota", query: {} };
  /** A clock that moves on at every reading: no two events share a millisecond. */
  const ticking = () => {
    let at = Date.now();
    return () => at++;
  };

  it("makes a fresh answer holding a purged key a miss, fetched again; others stay hits", async () => {
    const now = ticking();
    const purges = new PurgeMarks(now);
    const cache = new ContentCache(new MemoryCacheStore(), { tagger, purges, now });
    let headline = "antes";
    const load = vi.fn(async () => ({ id: "A1", headline }));
    expect(await cache.get("nota:A1", policy, load, origin)).toEqual({ value: { id: "A1", headline: "antes" }, status: "miss", keys: ["s-nota", "A1"] });
    expect((await cache.get("otra:B2", policy, async () => ({ id: "B2" }), origin)).status).toBe("miss");
    headline = "después";
    expect((await cache.get("nota:A1", policy, load, origin)).value).toEqual({ id: "A1", headline: "antes" });
    purges.purge(["A1"]);
    expect(await cache.get("nota:A1", policy, load, origin)).toMatchObject({ value: { headline: "después" }, status: "miss" });
    expect((await cache.get("nota:A1", policy, load, origin)).status).toBe("hit");
    expect((await cache.get("otra:B2", policy, async () => ({ id: "B2" }), origin)).status).toBe("hit");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("still serves the purged answer when the source fails", async () => {
    const purges = new PurgeMarks();
    const cache = new ContentCache(new MemoryCacheStore(), { tagger, purges });
    await cache.get("nota:A1", policy, async () => ({ id: "A1", headline: "antes" }), origin);
    purges.purge(["A1"]);
    const failing = async () => Promise.reject(new Error("caída"));
    expect(await cache.get("nota:A1", policy, failing, origin)).toMatchObject({ value: { headline: "antes" }, status: "stale" });
  });
});
