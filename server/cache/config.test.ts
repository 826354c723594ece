// The caches' and processes' settings: sizes in bytes or with a unit, counts, and a clear refusal of
// anything else (the start stops with the variable's name instead of guessing).
import { describe, expect, it } from "vitest";
import { webConcurrency } from "../cli/cluster";
import { bytesFromEnv, ConfigError, positiveIntegerFromEnv } from "./config";
import { cacheStoresFromEnv } from "./index";
import { silentLogger } from "../log";

describe("cache settings", () => {
  it("reads a size in bytes, or with k, m or g (units of 1024), and keeps the default when unset", () => {
    const size = (value?: string) => bytesFromEnv({ CONTENT_CACHE_MAX_BYTES: value }, "CONTENT_CACHE_MAX_BYTES", 42);
    expect(size()).toBe(42);
    expect(size("")).toBe(42);
    expect(size("67108864")).toBe(64 * 1024 * 1024);
    expect(size("64m")).toBe(64 * 1024 * 1024);
    expect(size("64MB")).toBe(64 * 1024 * 1024);
    expect(size("512k")).toBe(512 * 1024);
    expect(size("1g")).toBe(1024 ** 3);
    expect(size(" 2 MiB ")).toBe(2 * 1024 * 1024);
  });

  it("refuses what is not a size or a count, naming the variable", () => {
    for (const value of ["0", "-5", "muchos", "64 megas", "1.5m"]) {
      expect(() => bytesFromEnv({ PAGE_CACHE_MAX_BYTES: value }, "PAGE_CACHE_MAX_BYTES", 1)).toThrow(ConfigError);
    }
    expect(() => bytesFromEnv({ PAGE_CACHE_MAX_BYTES: "x" }, "PAGE_CACHE_MAX_BYTES", 1)).toThrow(/PAGE_CACHE_MAX_BYTES «x» no es un tamaño/);
    expect(positiveIntegerFromEnv({ REDIS_TIMEOUT_MS: "100" }, "REDIS_TIMEOUT_MS", 250)).toBe(100);
    expect(() => positiveIntegerFromEnv({ REDIS_TIMEOUT_MS: "0" }, "REDIS_TIMEOUT_MS", 250)).toThrow(
      /REDIS_TIMEOUT_MS «0» debe ser un número entero mayor que 0/,
    );
    expect(webConcurrency({})).toBe(1);
    expect(webConcurrency({ WEB_CONCURRENCY: "4" })).toBe(4);
    expect(() => webConcurrency({ WEB_CONCURRENCY: "cuatro" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("keeps both caches in this process's memory without REDIS_URL, and refuses a REDIS_URL that is not redis:// without echoing it", async () => {
    const stores = cacheStoresFromEnv({}, silentLogger, 60_000);
    expect(stores.redis).toBeUndefined();
    await stores.close();
    expect(() => cacheStoresFromEnv({ REDIS_URL: "http://usuario:secreto@cache:6379" }, silentLogger, 60_000)).toThrow(
      new ConfigError("REDIS_URL debe empezar por redis:// o rediss://"),
    );
  });
});
