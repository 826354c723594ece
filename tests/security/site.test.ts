// The site as an attacker and an operator meet it, over real HTTP on the production build: forwarded
// headers and cache keys, tricky paths, security headers on every kind of response, a content
// source that is down, a database that goes away, and shutting down under load.
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { safeRedirect, withOfferId } from "../../blocks/_shared/accounts/identity";
import { FORM_LOGIN_PATH, LOGIN_PAGE } from "../../domain/routes";
import { makeTestCorpus, testDocument } from "../../server/content/testing/corpus";
import { SEED_DOCUMENTS } from "../../server/documents/catalog";
import { createLogger } from "../../platform/log";
import { requestSite } from "../support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

/** A request with its Host among the headers (fetch cannot set it); without one, Node's 127.0.0.1:<port>. */
const request = (port: number, path: string, headers: Record<string, string> = {}, agent?: http.Agent) => requestSite(port, { path, headers, agent });

/** The security headers every response carries, whatever it is; HSTS only when it came over HTTPS. */
function expectSecurityHeaders(answer: { headers: http.IncomingHttpHeaders }, what: string, https = false) {
  expect(answer.headers["x-content-type-options"], what).toBe("nosniff");
  expect(answer.headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(answer.headers["permissions-policy"], what).toContain("camera=()");
  expect(answer.headers["x-frame-options"], what).toBe("SAMEORIGIN");
  expect(answer.headers["content-security-policy"], what).toContain("frame-ancestors 'self'");
  expect(answer.headers["content-security-policy"], what).toContain("object-src 'none'");
  if (https) expect(answer.headers["strict-transport-security"], what).toBe("max-age=31536000; includeSubDomains");
  else expect(answer.headers["strict-transport-security"], what).toBeUndefined();
}

const nonceOf = (answer: { headers: http.IncomingHttpHeaders }) => /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1];
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

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
    // A path with leading slashes names no page here (a browser reads "//nacion" as a host): a 404
    // of this site, never a redirect that a browser would follow to another host.
    for (const doubled of ["//nacion", "//nacion/"]) {
      const answer = await request(site.port, doubled, { host: "localhost" });
      expect(answer.status, doubled).toBe(404);
      expect(answer.headers.location, doubled).toBeUndefined();
      expect(canonicalOf(answer.body) ?? "http://localhost/", doubled).toMatch(/^http:\/\/localhost\//);
    }
    for (const tricky of ["//evil.example/", "///evil.example/", "/\\evil.example/", "//evil.example/nacion"]) {
      const answer = await request(site.port, tricky, { host: "localhost" });
      expect(answer.status, tricky).toBeLessThan(500);
      if (answer.headers.location) expect(new URL(answer.headers.location, "http://localhost").host, tricky).toBe("localhost");
      expect(canonicalOf(answer.body) ?? "http://localhost/", tricky).toMatch(/^http:\/\/localhost\//);
    }
  });

  it("puts the security headers on every kind of response: pages, errors, redirects, APIs, assets, images, outputs and PDFs", async () => {
    const page = await request(site.port, "/", { host: "localhost" });
    const asset = /src="(\/build\/[^"]+\.js)"/.exec(page.body)?.[1] ?? /href="(\/build\/[^"]+\.js)"/.exec(page.body)![1];
    // An image of the site, and one whose file is broken: resizing it is a real 500, provoked safely.
    fs.mkdirSync(site.booted.imagesDir, { recursive: true });
    fs.writeFileSync(path.join(site.booted.imagesDir, "cabeceras-prueba.jpg"), Buffer.from("no es un JPEG"));
    const expected: Array<[string, number]> = [
      ["/", 200],
      ["/nacion/", 200],
      ["/nacion", 301],
      ["/no-existe/", 404],
      ["/%E0%A4%A/", 400],
      ["/identity/public/v1/config", 200],
      ["/sales/public/v1/config", 200],
      ["/identity/public/v1/profile", 401],
      [asset, 200],
      ["/favicon.svg", 200],
      ["/images/cabeceras-prueba.jpg", 200],
      ["/images/cabeceras-prueba.jpg?w=abc", 400],
      ["/images/cabeceras-prueba.jpg?w=480", 500],
      ["/images/no-existe.jpg", 404],
      ["/arc/outboundfeeds/rss/", 200],
      ["/arc/outboundfeeds/json/", 200],
      ["/arc/outboundfeeds/sitemap-index/", 200],
      ["/robots.txt", 200],
      [`/documentos/${SEED_DOCUMENTS[0].name}.pdf`, 200],
      ["/documentos/no-existe.pdf", 404],
      ["/_block/home/no-existe?offset=0", 404],
      ["/healthz", 200],
      ["/readyz", 200],
    ];
    for (const [path, status] of expected) {
      const answer = await request(site.port, path, { host: "localhost" });
      expect(answer.status, path).toBe(status);
      expectSecurityHeaders(answer, path);
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
    // A page from the page cache is the stored render: its policy comes with it, so the nonce of its
    // scripts is the one the policy names (docs/decisions/0019-paywall-gaps.md: reused on purpose).
    const first = await request(site.port, "/nacion/", { host: "localhost" });
    const again = await request(site.port, "/nacion/", { host: "localhost" });
    expect(again.headers["x-page-cache"]).toBe("HIT");
    expect(nonceOf(again)).toBe(nonceOf(first));
    expect(again.body).toContain(`nonce="${nonceOf(again)}"`);
    // A response rendered now has a fresh one.
    const fresh = await request(site.port, "/nacion/?debug=1", { host: "localhost" });
    expect(nonceOf(fresh)).not.toBe(nonceOf(first));
    expect(fresh.body).toContain(`nonce="${nonceOf(fresh)}"`);
  });

  describe("where a reader goes after signing in: every tricky target ends on this site", () => {
    const EMAIL = "tabla.redirecciones@example.com";
    const PASSWORD = "Clave2024segura";
    const ORIGIN = "http://localhost";
    /** Targets as the reader's query string or form carries them (decoded). */
    const TRICKY = [
      "/.//evil.example/robo",
      "//evil.example",
      "///evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "%2F%2Fevil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "\t//evil.example",
      "//evil\n.example",
      " //evil.example",
      "javascript:alert(document.cookie)",
      "java\tscript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "https://evil.example",
      "https:evil.example",
      "http://localhost@evil.example/",
      "http://localhost.evil.example/",
      "//evil.example%2F",
    ];
    const onThisSite = (location: string) => new URL(location, ORIGIN).origin === ORIGIN;
    const form = (email: string, password: string, redirect: string) => new URLSearchParams({ email, password, remember: "1", redirect }).toString();
    const post = (body: string) =>
      requestSite(site.port, {
        host: "localhost",
        method: "POST",
        path: FORM_LOGIN_PATH,
        headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)) },
        body,
      });

    beforeAll(async () => {
      const signup = await requestSite(site.port, {
        host: "localhost",
        method: "POST",
        path: "/identity/public/v1/signup",
        json: { identity: { userName: EMAIL, credentials: PASSWORD }, profile: { email: EMAIL } },
      });
      expect(signup.status).toBe(200);
    });

    it("the login page's form (the modal's ?redirect=) carries only a path of this site", async () => {
      const raw = [
        "?redirect=/.//evil.example/robo",
        "?redirect=//evil.example",
        "?redirect=%2F%2Fevil.example",
        "?redirect=/%09/evil.example",
        "?redirect=%0A//evil.example",
      ];
      for (const query of [...raw, ...TRICKY.map((target) => `?${new URLSearchParams({ redirect: target })}`)]) {
        const page = await request(site.port, `${LOGIN_PAGE}${query}`, { host: "localhost" });
        expect(page.status, query).toBe(200);
        const value = /name="redirect" value="([^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, "&");
        expect(value, query).toMatch(/^\/(?![/\\])/);
        expect(onThisSite(value!), query).toBe(true);
      }
      // The browser's modal applies the same rule (and adds the offer): nothing leaves the site.
      for (const target of TRICKY) {
        const kept = safeRedirect(target, ORIGIN);
        if (kept !== null) expect(onThisSite(withOfferId(kept)), target).toBe(true);
      }
      // A good target is kept as it is: the rule is not "always the home page".
      expect(/name="redirect" value="([^"]*)"/.exec((await request(site.port, `${LOGIN_PAGE}?redirect=/politica/`, { host: "localhost" })).body)?.[1]).toBe(
        "/politica/",
      );
    });

    it("the form without JavaScript sends a signed-in reader, and a refused one, only to this site", async () => {
      for (const target of TRICKY) {
        const signedIn = await post(form(EMAIL, PASSWORD, target));
        expect(signedIn.status, target).toBe(303);
        expect(signedIn.headers["set-cookie"]?.join(";"), target).toContain("identity_access_token=");
        expect(signedIn.headers.location, target).toMatch(/^\/(?![/\\])/);
        expect(onThisSite(signedIn.headers.location!), target).toBe(true);
      }
      const good = await post(form(EMAIL, PASSWORD, "/politica/"));
      expect(good.headers.location).toBe("/politica/");
      for (const target of TRICKY) {
        const refused = await post(form("otra.persona@example.com", "una clave equivocada", target));
        expect(refused.status, target).toBe(303);
        const location = refused.headers.location!;
        expect(onThisSite(location), target).toBe(true);
        expect(new URL(location, ORIGIN).pathname, target).toBe(LOGIN_PAGE);
        const back = new URL(location, ORIGIN).searchParams.get("redirect")!;
        expect(back, target).toMatch(/^\/(?![/\\])/);
        expect(onThisSite(back), target).toBe(true);
      }
    });
  });
});

describe("behind a trusted proxy (TRUST_PROXY=loopback): forwarded headers believed, brand and cache key agree", () => {
  let site: SiteServer;
  const OPERATOR_TOKEN = "token-de-operador-proxy";
  /** A locked Soho article: the paywall beacon must find it by the forwarded host. */
  const SOHO_LOCKED = testDocument({
    brand: "soho",
    id: "SOHOBLOQUEADA",
    headline: "Nota bloqueada de Soho",
    section: "/que-pasa/noticias",
    hoursAgo: 1,
    extra: { content_restrictions: { content_code: "3" } },
  });
  beforeAll(async () => {
    const corpus = makeTestCorpus();
    corpus.documents.push(SOHO_LOCKED);
    site = await startSiteServer({ trustProxy: "loopback", corpus, env: { OPERATOR_TOKEN } });
  }, 180_000);
  afterAll(() => site?.close());

  it("serves and caches each request as the brand of its forwarded host, and a request without one as its Host", async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ host: "localhost", "x-forwarded-host": "soho.localhost" }, "soho"],
      [{ host: "localhost" }, "semana"],
      [{ host: "soho.localhost", "x-forwarded-host": "localhost" }, "semana"],
      [{ host: "soho.localhost" }, "soho"],
      [{ host: "127.0.0.1", "x-forwarded-host": "fucsia.localhost, localhost" }, "fucsia"],
    ];
    for (let round = 0; round < 13; round++) {
      for (const [headers, brand] of cases) {
        const answer = await request(site.port, "/", headers);
        expect(brandOf(answer.body), `${JSON.stringify(headers)} (vuelta ${round})`).toBe(brand);
        // After the first round every one of them comes from the page cache, under its own brand.
        if (round > 0) expect(answer.headers["x-page-cache"], JSON.stringify(headers)).toBe("HIT");
      }
    }
  });

  it("believes X-Forwarded-Proto: HSTS, canonical links and cache entries of its own for HTTPS", async () => {
    const secure = await request(site.port, "/", { host: "localhost", "x-forwarded-host": "soho.localhost", "x-forwarded-proto": "https" });
    expectSecurityHeaders(secure, "https", true);
    expect(secure.headers["content-security-policy"]).toContain("upgrade-insecure-requests");
    expect(canonicalOf(secure.body)).toBe("https://soho.localhost/");
    const plain = await request(site.port, "/", { host: "localhost", "x-forwarded-host": "soho.localhost" });
    expectSecurityHeaders(plain, "http");
    expect(canonicalOf(plain.body)).toBe("http://soho.localhost/");
    // Every kind of response over HTTPS, not only pages.
    for (const path of ["/nacion", "/no-existe/", "/identity/public/v1/config", "/robots.txt", "/healthz"]) {
      expectSecurityHeaders(await request(site.port, path, { host: "localhost", "x-forwarded-proto": "https" }), `https ${path}`, true);
    }
  });

  it("counts a paywall notice under the brand of the forwarded host", async () => {
    const beacon = (headers: Record<string, string>) =>
      requestSite(site.port, { method: "POST", path: "/_muro-de-pago/vista", headers, json: { path: SOHO_LOCKED.canonical_url } });
    expect((await beacon({ host: "localhost", "x-forwarded-host": "soho.localhost" })).status).toBe(204);
    // The same path on Semana's host names no article.
    expect((await beacon({ host: "localhost" })).status).toBe(404);
    const report = await request(site.port, "/_operador/muro-de-pago/", {
      host: "localhost",
      authorization: `Bearer ${OPERATOR_TOKEN}`,
      accept: "application/json",
    });
    expect(JSON.parse(report.body)).toEqual([expect.objectContaining({ brand: "soho", content_id: "SOHOBLOQUEADA", count: 1 })]);
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
      expectSecurityHeaders(answer, "503");
    }
    expect(lines.filter((line) => line.includes("falló la búsqueda del artículo"))).toHaveLength(1);
  });
});

describe("a content source that hangs", () => {
  let site: SiteServer;
  let source: net.Server;
  const held = new Set<net.Socket>();
  const asked: string[] = [];
  const lines: string[] = [];
  beforeAll(async () => {
    // An Arc-compatible API that takes the connection and the request, and never answers.
    source = net.createServer((socket) => {
      held.add(socket);
      socket.on("data", (chunk) => asked.push(chunk.toString("latin1").split("\r\n")[0]));
      socket.on("error", () => {});
      socket.on("close", () => held.delete(socket));
    });
    await new Promise<void>((resolve) => source.listen(0, "127.0.0.1", () => resolve()));
    const port = (source.address() as net.AddressInfo).port;
    site = await startSiteServer({
      env: { CONTENT_BACKEND: "arc", ARC_CONTENT_ORIGIN: `http://127.0.0.1:${port}`, ARC_CONTENT_TOKEN: "x" },
      logger: createLogger("warn", (line) => lines.push(line)),
    });
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    for (const socket of held) socket.destroy();
    source?.close();
  });

  it("answers 503 with Retry-After and the brand's error page once the source's timeout has passed", async () => {
    for (let i = 0; i < 2; i++) {
      const before = asked.length;
      const answer = await request(site.port, `/nacion/articulo/una-nota-lenta-${i}/1/`, { host: "elpais.localhost" });
      // The source was asked, did not answer, and then (not before) the reader was told to come back.
      expect(asked.length).toBeGreaterThan(before);
      expect(asked.slice(before).join(" ")).toContain(`una-nota-lenta-${i}`);
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("30");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(brandOf(answer.body)).toBe("elpais");
      expect(answer.body).toContain("No pudimos mostrar esta página");
      expectSecurityHeaders(answer, "503 lento");
    }
    const failures = lines.filter((line) => line.includes("falló la búsqueda del artículo"));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/no respondió/);
  }, 60_000);
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
    // Closed once every connection is: the ones held open (the purge's LISTEN) are cut first.
    const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    const down = await request(site.port, "/readyz");
    expect(down.status).toBe(503);
    // Plain words only: the driver's text (addresses, ports, error codes) stays in the server's log.
    expect(JSON.parse(down.body).checks).toEqual({ database: "la base de datos no responde", migrations: "sin comprobar", pages: "ok" });
    expect(down.body).not.toMatch(/ECONN|127\.0\.0\.1|\d{4,5}|connect|Error/i);
    expect((await request(site.port, "/healthz")).status).toBe(200);
    await listen();
    await expect.poll(async () => (await request(site.port, "/readyz")).status, { timeout: 10_000 }).toBe(200);
  });
});

describe("keep-alive connections", () => {
  it("are kept open longer than a load balancer's or a connection pool's 60 s idle timeout, so that they close them first", async () => {
    const site = await startSiteServer();
    try {
      // The server closing first is a request sent on a dying connection: ECONNRESET for the reader.
      expect(site.server.keepAliveTimeout).toBeGreaterThan(60_000);
      expect(site.server.headersTimeout).toBeGreaterThan(site.server.keepAliveTimeout);
    } finally {
      await site.close();
    }
  });
});

describe("memory under many renders", () => {
  // The render's deadline (entry.server.tsx: 10 s, then 1 s more) must go with the render: a timer
  // left pending keeps the whole render alive that long, and at a hundred uncached pages a second
  // the server's memory and its garbage collection grow with it.
  it("leaves no render deadline pending once a page is answered", async () => {
    const site = await startSiteServer({ pageCache: { freshSeconds: 0, staleSeconds: 0 } });
    const deadlines = new Set<unknown>();
    let deadlinesSet = 0;
    const realSetTimeout = globalThis.setTimeout;
    const realClearTimeout = globalThis.clearTimeout;
    try {
      globalThis.setTimeout = ((handler: any, ms?: number, ...rest: any[]) => {
        const timer = realSetTimeout(handler, ms, ...rest);
        if (ms === 11_000) {
          deadlines.add(timer);
          deadlinesSet++;
        }
        return timer;
      }) as typeof setTimeout;
      globalThis.clearTimeout = ((timer: any) => {
        deadlines.delete(timer);
        realClearTimeout(timer);
      }) as typeof clearTimeout;
      for (const path of ["/", "/buscador/?query=paz", "/no-existe/", "/politica/"]) {
        const answer = await request(site.port, path);
        expect(answer.body, path).toContain("</html>");
      }
      expect(deadlinesSet, "one deadline per render").toBe(4);
      expect([...deadlines], "deadlines still pending after their pages were answered").toEqual([]);
    } finally {
      globalThis.setTimeout = realSetTimeout;
      globalThis.clearTimeout = realClearTimeout;
      await site.close();
    }
  });
});

describe("shutting down under load", () => {
  // Readers come through a load balancer that polls /readyz: once it has seen the server not ready
  // it sends no new requests there. The linger (1 s) leaves that poll time to arrive even when the
  // machine is busy (the test and the server share one event loop).
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
      const exitCode = site.shutdown("SIGTERM", { lingerMs: 1000, limitMs: 5000 });
      const readiness = await request(site.port, "/readyz");
      balancerSends = false;
      expect(readiness.status).toBe(503);
      expect(JSON.parse(readiness.body).checks.shutdown).toBe("cerrando");
      expect(await exitCode).toBe(0);
      await Promise.all(workers);
      agent.destroy();
      expect(outcomes.failed).toEqual([]);
      expect(outcomes.ok).toBeGreaterThan(20);
      expect(site.server.listening).toBe(false);
      expect((await site.booted.ready()).checks.database).toBe("la base de datos está cerrada");
    },
    120_000,
  );
});
