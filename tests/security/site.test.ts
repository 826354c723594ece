// The site as an attacker and an operator meet it, over real HTTP on the production build: forwarded
// headers and cache keys, tricky paths, security headers on every kind of response, a content
// source that is down, a database that goes away, and shutting down under load.
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../server/log";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

/** A raw request: fetch cannot set Host. */
function request(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  agent?: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, headers, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const brandOf = (html: string) => /data-brand="([a-z]+)"/.exec(html)?.[1];

beforeAll(() => quietServerRenderWarnings());

describe("one source of truth for the request's host", () => {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startSiteServer();
  }, 180_000);
  afterAll(() => site?.close());

  it("does not let a forwarded host from an untrusted peer poison another brand's cached page", async () => {
    for (let i = 0; i < 13; i++) {
      const poisoned = await request(site.port, "/", { host: "localhost", "x-forwarded-host": "soho.localhost" });
      expect(brandOf(poisoned.body)).toBe("semana");
    }
    for (let i = 0; i < 10; i++) expect(brandOf((await request(site.port, "/", { host: "soho.localhost" })).body)).toBe("soho");
  });

  it("serves the cached page whatever cache-busting or tracking parameters are added, and keys on those a block reads", async () => {
    await request(site.port, "/?v=0", { host: "localhost" });
    for (const query of ["v=1", "nocache=81723", "utm_source=x&fbclid=y", "gclid=1&v=2"]) {
      expect((await request(site.port, `/?${query}`, { host: "localhost" })).headers["x-page-cache"], query).toBe("HIT");
    }
    const offer = (id: string) => request(site.port, `/suscripciones-online/?offerId=${id}`, { host: "localhost" });
    await offer("466");
    const other = await offer("999");
    expect(other.headers["x-page-cache"]).toBe("MISS");
    expect(other.body).not.toContain("$199.000");
  });

  it("names this site in redirects and canonical links, whatever the path", async () => {
    const slashes = await request(site.port, "//evil.example", { host: "localhost" });
    expect(slashes.status).toBe(404);
    expect(slashes.body).not.toMatch(/rel="canonical" href="https?:\/\/evil\.example/);
    const encoded = await request(site.port, "//evil.example%2F", { host: "localhost" });
    expect(encoded.status).toBeLessThan(500);
    const redirect = await request(site.port, "//nacion", { host: "localhost" });
    if (redirect.status === 301) expect(redirect.headers.location).toMatch(/^\/[^/\\]/);
  });

  it("puts the security headers on pages, 404s, redirects, the APIs, assets and health", async () => {
    const page = await request(site.port, "/", { host: "localhost" });
    const asset = /src="(\/build\/[^"]+\.js)"/.exec(page.body)?.[1] ?? /href="(\/build\/[^"]+\.js)"/.exec(page.body)![1];
    const answers = await Promise.all(
      ["/", "/no-existe/", "/nacion", "/identity/public/v1/config", "/sales/public/v1/config", asset, "/favicon.svg", "/healthz"].map((path) =>
        request(site.port, path, { host: "localhost" }),
      ),
    );
    for (const answer of answers) {
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
      expect(answer.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(answer.headers["permissions-policy"]).toContain("camera=()");
      expect(answer.headers["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(answer.headers["content-security-policy"]).toContain("object-src 'none'");
      // HSTS only over HTTPS.
      expect(answer.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("runs no inline script without this response's nonce, on every brand's pages", async () => {
    const article = (await request(site.port, "/", { host: "localhost" })).body.match(/href="(\/[a-z-]+\/articulo\/[^"]+)"/)![1];
    for (const [host, path] of [
      ["localhost", "/"],
      ["soho.localhost", "/"],
      ["localhost", article],
      ["localhost", "/no-existe/"],
    ]) {
      const page = await request(site.port, path, { host });
      const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))![1];
      const inline = [...page.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)].map((m) => m[1]);
      expect(inline.length, `${host}${path}`).toBeGreaterThan(0);
      for (const attributes of inline) expect(attributes, `${host}${path}`).toContain(`nonce="${nonce}"`);
    }
  });
});

describe("a content source that is down", () => {
  let site: SiteServer;
  const lines: string[] = [];
  beforeAll(async () => {
    // An Arc-compatible API that is not there: a closed port.
    site = await startSiteServer({
      env: { CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: "http://127.0.0.1:9", ARC_CONTENT_TOKEN: "x" },
      logger: createLogger("warn", (line) => lines.push(line)),
    });
  }, 180_000);
  afterAll(() => site?.close());

  it("answers an article it has not seen with 503, Retry-After and the brand's error page, and logs it once", async () => {
    for (let i = 0; i < 5; i++) {
      const answer = await request(site.port, `/nacion/articulo/una-nota-${i}/1/`, { host: "soho.localhost" });
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("30");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(brandOf(answer.body)).toBe("soho");
      expect(answer.body).toContain("No pudimos mostrar esta página");
    }
    expect(lines.filter((line) => line.includes("falló la búsqueda del artículo"))).toHaveLength(1);
  });
});

describe("readiness", () => {
  let site: SiteServer;
  let proxy: net.Server;
  const sockets = new Set<net.Socket>();
  let proxyPort = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      proxy = net.createServer((client) => {
        const upstream = net.connect(5432, "127.0.0.1");
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      proxy.listen(proxyPort, "127.0.0.1", () => {
        proxyPort = (proxy.address() as net.AddressInfo).port;
        resolve();
      });
    });
  beforeAll(async () => {
    // PostgreSQL reached through a proxy the test can cut: the database "goes down" for real.
    await listen();
    const schema = `listo_${process.pid}_${Date.now()}`;
    site = await startSiteServer({ env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${proxyPort}/test`, DATABASE_SCHEMA: schema } });
  }, 180_000);
  afterAll(async () => {
    await site?.close().catch(() => {});
    proxy?.close();
  });

  it("is ready with its database, not ready without it, and ready again when it is back; liveness holds throughout", async () => {
    const ready = await request(site.port, "/readyz");
    expect(ready.status).toBe(200);
    expect(JSON.parse(ready.body)).toEqual({ ready: true, checks: { database: "ok", migrations: "ok", pages: "ok" } });
    await new Promise<void>((resolve) => proxy.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    const down = await request(site.port, "/readyz");
    expect(down.status).toBe(503);
    expect(JSON.parse(down.body).checks.database).toMatch(/^la base de datos no responde/);
    expect((await request(site.port, "/healthz")).status).toBe(200);
    await listen();
    await expect.poll(async () => (await request(site.port, "/readyz")).status, { timeout: 10_000 }).toBe(200);
  });
});

describe("shutting down under load", () => {
  // Readers come through a load balancer that polls /readyz: within a poll interval (here 150 ms,
  // shorter than the linger) of the server turning not-ready, it sends no new requests there.
  it.each([
    ["keep-alive", true],
    ["a connection per request", false],
  ])(
    "answers not-ready at once, finishes every request already sent (%s), then closes the database",
    async (_name, keepAlive) => {
      const site = await startSiteServer();
      const agent = new http.Agent({ keepAlive, maxSockets: 20 });
      const outcomes = { ok: 0, failed: [] as string[] };
      let balancerSends = true;
      const worker = async () => {
        while (balancerSends) {
          try {
            const answer = await request(site.port, "/", { host: "localhost" }, agent);
            if (answer.status === 200) outcomes.ok++;
            else outcomes.failed.push(`status ${answer.status}`);
          } catch (error) {
            outcomes.failed.push(`${(error as NodeJS.ErrnoException).code ?? ""} ${(error as Error).message}`);
          }
        }
      };
      const workers = Array.from({ length: 20 }, worker);
      await new Promise((resolve) => setTimeout(resolve, 700));
      const exitCode = site.shutdown("SIGTERM", { lingerMs: 300, limitMs: 5000 });
      const readiness = await request(site.port, "/readyz");
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body).checks.shutdown).toBe("cerrando");
      setTimeout(() => (balancerSends = false), 150);
      expect(await exitCode).toBe(0);
      await Promise.all(workers);
      agent.destroy();
      expect(outcomes.failed).toEqual([]);
      expect(outcomes.ok).toBeGreaterThan(20);
      expect(site.server.listening).toBe(false);
      expect((await site.booted.ready()).checks.database).toMatch(/está cerrada/);
    },
    120_000,
  );
});
