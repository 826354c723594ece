// @vitest-environment jsdom
// The page's code as the browser loads it (docs/error-catalogue.md#chunk-errors): a chunk that
// fails, is missing or takes longer than 120 s is a ChunkLoadError and is asked for once more with
// the cache-busting parameter d=7702; a style sheet that did not load is CSS_CHUNK_LOAD_FAILED and
// is asked for once more the same way. Time is a fake clock.
import { afterEach, describe, expect, it, vi } from "vitest";
import * as retry from "./chunk-retry";
import { CACHE_BUSTING, ChunkLoadError, chunkAddress } from "./chunk-retry";
import { CHUNK_LOAD_TIMEOUT_MS, failedStylesheets, loadChunk } from "./chunks";
import { CSS_CHUNK_LOAD_FAILED, retryStylesheets } from "./stylesheets";

const CHUNK = "http://localhost:3000/build/_shared/site-header-ABC123.js";
const failedFetch = () => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`));

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("a block's chunk", () => {
  it("is asked for once more with d=7702 when it could not be fetched, and then loads", async () => {
    const importAgain = vi.fn(async (url: string) => ({ default: `cargado desde ${url}` }));
    const warn = vi.fn();
    const module = await loadChunk(failedFetch, { importAgain, warn, retry });
    expect(importAgain).toHaveBeenCalledWith(`${CHUNK}?d=7702`);
    expect(module).toEqual({ default: `cargado desde ${CHUNK}?d=7702` });
    expect(warn.mock.calls[0][0]).toMatchObject({ name: "ChunkLoadError", type: "missing", request: CHUNK });
    expect(CACHE_BUSTING).toEqual({ param: "d", value: "7702" });
  });

  it("gives a ChunkLoadError when the second try fails too", async () => {
    const importAgain = vi.fn(() => Promise.reject(new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}?d=7702`)));
    const error = await loadChunk(failedFetch, { importAgain, warn: () => {}, retry }).catch((e) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ name: "ChunkLoadError", type: "missing" });
    expect(importAgain).toHaveBeenCalledTimes(1);
  });

  it("times out after 120 s (ChunkLoadError 'timeout'), then is asked for once more, which has its own 120 s", async () => {
    vi.useFakeTimers();
    const never = () => new Promise<never>(() => {});
    // The bundled loader names its chunk: the address for the second try comes from it.
    const load = new Function(`return () => import("${CHUNK}")`)() as () => Promise<unknown>;
    expect(chunkAddress(load)).toBe(CHUNK);
    const slow = Object.assign(never, { toString: () => String(load) });
    const importAgain = vi.fn(never);
    const warn = vi.fn();
    const result = loadChunk(slow, { importAgain, warn, retry }).catch((e) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(warn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(warn.mock.calls[0][0]).toMatchObject({ name: "ChunkLoadError", type: "timeout", request: CHUNK });
    expect(importAgain).toHaveBeenCalledWith(`${CHUNK}?d=7702`);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await result).toMatchObject({ name: "ChunkLoadError", type: "timeout", request: `${CHUNK}?d=7702` });
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it("loads as usual when nothing fails, asking once", async () => {
    const importAgain = vi.fn();
    expect(await loadChunk(() => Promise.resolve({ default: 1 }), { importAgain, retry })).toEqual({ default: 1 });
    expect(importAgain).not.toHaveBeenCalled();
  });
});

describe("the page's style sheets", () => {
  it("report one that did not load as CSS_CHUNK_LOAD_FAILED and ask for it once more with d=7702", async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/build/css-bundle-XYZ.css">';
    const warn = vi.fn();
    const error = vi.fn();
    const load = vi.fn(() => Promise.reject(new Error("404")));
    expect(retryStylesheets(document, failedStylesheets(document), { warn, error, load })).toEqual(["http://localhost:3000/build/css-bundle-XYZ.css?d=7702"]);
    expect(warn.mock.calls[0][0]).toMatchObject({ code: CSS_CHUNK_LOAD_FAILED, request: "http://localhost:3000/build/css-bundle-XYZ.css" });
    expect(load).toHaveBeenCalledWith(document, "http://localhost:3000/build/css-bundle-XYZ.css?d=7702");
    // The second try failed too: said once, as an error.
    await vi.waitFor(() => expect(error).toHaveBeenCalledTimes(1));
    expect(error.mock.calls[0][0]).toMatchObject({ code: CSS_CHUNK_LOAD_FAILED, request: "http://localhost:3000/build/css-bundle-XYZ.css?d=7702" });
    // Once: asked again later, nothing more is fetched.
    expect(retryStylesheets(document, failedStylesheets(document), { warn, error, load })).toEqual([]);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
