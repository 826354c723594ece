// The settings (platform/settings.ts): how each reads, the defaults, what must come together, and a
// README that lists exactly them. A bad value stops the start naming the setting.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, readSettings, SETTING_NAMES } from "./settings";

describe("settings", () => {
  it("take their defaults when unset or blank", () => {
    const settings = readSettings({ PORT: " ", LOG_LEVEL: "" });
    expect(settings).toMatchObject({ PORT: 3000, LOG_LEVEL: "info", WEB_CONCURRENCY: 1, DATA_DIR: "./data", CONTENT_BACKEND: "local" });
    expect(settings).toMatchObject({ PAGE_CACHE_SECONDS: 10, PAGE_CACHE_STALE_SECONDS: 60, REDIS_PREFIX: "bloques:", REDIS_TIMEOUT_MS: 250 });
    expect(settings.GOOGLE_ISSUER).toBe("https://accounts.google.com");
    expect(settings.SITE_NOW).toBeUndefined();
  });

  it("read a size in bytes, or with k, m or g (units of 1024)", () => {
    const size = (value: string) => readSettings({ CONTENT_CACHE_MAX_BYTES: value }).CONTENT_CACHE_MAX_BYTES;
    expect(size("67108864")).toBe(64 * 1024 * 1024);
    expect(size("64m")).toBe(64 * 1024 * 1024);
    expect(size("64MB")).toBe(64 * 1024 * 1024);
    expect(size("512k")).toBe(512 * 1024);
    expect(size("1g")).toBe(1024 ** 3);
    expect(size(" 2 MiB ")).toBe(2 * 1024 * 1024);
  });

  it("refuse what is not a size, a count or a choice, naming the setting and its value", () => {
    for (const value of ["0", "-5", "muchos", "64 megas", "1.5m"]) {
      expect(() => readSettings({ PAGE_CACHE_MAX_BYTES: value }), value).toThrow(ConfigError);
    }
    expect(() => readSettings({ PAGE_CACHE_MAX_BYTES: "x" })).toThrow("PAGE_CACHE_MAX_BYTES «x»: no es un tamaño");
    expect(readSettings({ REDIS_TIMEOUT_MS: "100" }).REDIS_TIMEOUT_MS).toBe(100);
    expect(() => readSettings({ REDIS_TIMEOUT_MS: "0" })).toThrow("REDIS_TIMEOUT_MS «0»: debe ser un número entero mayor que 0");
    expect(readSettings({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/sitio" }).WEB_CONCURRENCY).toBe(4);
    expect(() => readSettings({ WEB_CONCURRENCY: "cuatro" })).toThrow("WEB_CONCURRENCY «cuatro»");
    expect(() => readSettings({ PORT: "70000" })).toThrow("PORT «70000»: debe ser un puerto");
    expect(() => readSettings({ LOG_LEVEL: "verbose" })).toThrow("LOG_LEVEL «verbose»: debe ser debug, info, warn, error o silent");
    expect(() => readSettings({ LOG_FORMAT: "xml" })).toThrow("LOG_FORMAT «xml»: debe ser text o json");
    expect(() => readSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "colector:4318" })).toThrow(
      "OTEL_EXPORTER_OTLP_ENDPOINT «colector:4318»: no es una dirección http(s)://… de un colector OTLP",
    );
    expect(readSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://otel-collector:4318" }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe("http://otel-collector:4318");
    expect(() => readSettings({ DEV_MAILBOX: "sí" })).toThrow("DEV_MAILBOX «sí»: debe ser 1 (sí) o 0 (no)");
    // EDITOR is also the shell's text editor: only 1 and 0 speak to the server.
    expect(readSettings({ EDITOR: "vi" }).EDITOR).toBeUndefined();
    expect(readSettings({ EDITOR: "1" }).EDITOR).toBe("1");
  });

  it("name every bad setting at once, one line each", () => {
    const error = (() => {
      try {
        readSettings({ PORT: "x", SITE_NOW: "ayer" });
      } catch (error) {
        return error as Error;
      }
    })();
    expect(error?.message.split("\n")).toEqual([
      "PORT «x»: debe ser un número entero mayor que 0",
      "SITE_NOW «ayer»: no es un instante ISO 8601 con zona (2026-11-21T17:00:00Z)",
    ]);
  });

  it("never repeat a secret or an address that may carry credentials", () => {
    expect(() => readSettings({ REDIS_URL: "http://usuario:secreto@cache:6379" })).toThrow(new ConfigError("REDIS_URL: debe empezar por redis:// o rediss://"));
    expect(() => readSettings({ DATABASE_URL: "mysql://root:clave@db" })).toThrow(
      new ConfigError("DATABASE_URL: debe empezar por postgres:// o postgresql://"),
    );
    expect(() => readSettings({ IDENTITY_JWT_SECRET: "corto" })).toThrow(new ConfigError("IDENTITY_JWT_SECRET: debe tener al menos 32 caracteres"));
  });

  it("take a service's address over https, or http on this machine only", () => {
    expect(readSettings({ GOOGLE_ISSUER: "http://127.0.0.1:4123" }).GOOGLE_ISSUER).toBe("http://127.0.0.1:4123");
    expect(() => readSettings({ GOOGLE_ISSUER: "http://accounts.example.com" })).toThrow("GOOGLE_ISSUER «http://accounts.example.com»: debe ser https");
    expect(() => readSettings({ SWG_JWKS_URL: "no es una dirección", SWG_ISSUER: "x", SWG_AUDIENCE: "y" })).toThrow(
      "SWG_JWKS_URL «no es una dirección»: no es una URL",
    );
  });

  it("refuse a setting without what it needs, naming what is missing", () => {
    expect(() => readSettings({ APPLE_CLIENT_ID: "x" })).toThrow(
      "ingreso con Apple: faltan APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY (o quite también APPLE_CLIENT_ID)",
    );
    expect(() => readSettings({ FACEBOOK_APP_SECRET: "x" })).toThrow("ingreso con Facebook: faltan FACEBOOK_APP_ID");
    expect(() => readSettings({ SWG_ISSUER: "x" })).toThrow("Suscríbete con Google: faltan SWG_JWKS_URL, SWG_AUDIENCE");
    expect(() => readSettings({ GOOGLE_CLIENT_SECRET: "y" })).toThrow("ingreso con Google: falta GOOGLE_CLIENT_ID");
    expect(() => readSettings({ CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: "https://api.example.com" })).toThrow(
      "CONTENT_BACKEND=arc necesita ARC_CONTENT_TOKEN",
    );
    expect(() => readSettings({ DATABASE_SCHEMA: "sitio" })).toThrow("DATABASE_SCHEMA necesita DATABASE_URL");
    expect(() => readSettings({ WEB_CONCURRENCY: "2" })).toThrow("WEB_CONCURRENCY=2 necesita DATABASE_URL (PostgreSQL)");
    // Google's client id alone is a whole configuration (its own button's ID tokens).
    expect(readSettings({ GOOGLE_CLIENT_ID: "x" }).GOOGLE_CLIENT_ID).toBe("x");
  });

  it("are exactly those the README's settings table lists", () => {
    const readme = fs.readFileSync(path.resolve("README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### Configuration"));
    const table = section.slice(0, section.indexOf("\n### ", 1));
    const listed = [...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap((row) => [...row[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    expect([...listed].sort()).toEqual([...SETTING_NAMES].sort());
  });
});

describe("reading the environment", () => {
  /** Test hooks, read where they act: never set on a real site. */
  const TEST_HOOKS = ["PGLITE_TEMPLATE", "ACCOUNTS_FAULT", "TEST_REDIS_URL"];
  /**
   * Where code other than platform/settings.ts may touch the environment: npm start sets NODE_ENV before
   * React loads; npm run dev's supervisor hands the environment to readSettings as npm start does; the build passes the environment on to Remix's compiler; the commands' page folder
   * is read where the project is wired (server/project.ts); the fault points are a test hook.
   */
  const ALLOWED = ["platform/settings.ts", "server/cli/start.ts", "server/cli/dev.ts", "server/build.ts", "server/project.ts", "accounts/faults.ts"];

  it("happens in platform/settings.ts, once, and nowhere else on the server", () => {
    const offenders: string[] = [];
    for (const top of ["server", "accounts", "platform", "runtime", "tooling", "blocks", "domain", "brands"]) {
      for (const entry of fs.readdirSync(top, { recursive: true, encoding: "utf8" })) {
        const file = `${top}/${entry.split(path.sep).join("/")}`;
        if (!/\.tsx?$/.test(file) || /\.test\.tsx?$|\/testing(\/|\.ts$)/.test(file) || ALLOWED.includes(file)) continue;
        const text = fs.readFileSync(file, "utf8");
        for (const match of text.matchAll(/process\.env\b(?:\.([A-Z_][A-Z0-9_]*))?|\benv\.([A-Z][A-Z0-9_]+)/g)) {
          const name = match[1] ?? match[2];
          if (name && TEST_HOOKS.includes(name)) continue;
          offenders.push(`${file}:${text.slice(0, match.index).split("\n").length} ${match[0]}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
