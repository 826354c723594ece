// The CDN adapters against local stand-ins of Fastly's and Cloudflare's purge APIs, which check what
// the real ones check (the path, the credentials, the batch limits) and answer as they do.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readSettings } from "../../platform/settings";
import { cdnPurgers, CloudflarePurger, FastlyPurger } from "./cdn";

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local API on a port of its own: records each request and answers with `answer`. */
async function fakeApi(answer: (request: Received) => { status: number; body: unknown }) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const request = { method: req.method!, url: req.url!, headers: req.headers, body };
      received.push(request);
      const { status, body: payload } = answer(request);
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const keys = (n: number) => Array.from({ length: n }, (_, i) => `DOC${String(i).padStart(23, "0")}`);

describe("Fastly's purge by surrogate key", () => {
  let fastly: Awaited<ReturnType<typeof fakeApi>>;
  beforeAll(async () => {
    // As Fastly: the service in the path, the token in Fastly-Key, at most 256 keys; a JSON answer.
    fastly = await fakeApi((request) => {
      if (request.headers["fastly-key"] !== "token-fastly") return { status: 401, body: { msg: "Provided credentials are missing or invalid" } };
      if (!/^\/service\/SERVICIO1\/purge$/.test(request.url) || request.method !== "POST") return { status: 404, body: { msg: "Record not found" } };
      const sent = String(request.headers["surrogate-key"] ?? "").split(" ");
      if (sent.length > 256) return { status: 400, body: { msg: "Too many surrogate keys" } };
      return { status: 200, body: Object.fromEntries(sent.map((key, i) => [key, `1-${i}`])) };
    });
  });
  afterAll(() => fastly.close());

  it("posts the keys in Surrogate-Key, 256 a request, with the token and the soft purge asked for", async () => {
    fastly.received.length = 0;
    await new FastlyPurger({ baseUrl: fastly.base, serviceId: "SERVICIO1", token: "token-fastly", soft: true }).purge(keys(300));
    expect(fastly.received.map((r) => [r.method, r.url, String(r.headers["surrogate-key"]).split(" ").length, r.headers["fastly-soft-purge"]])).toEqual([
      ["POST", "/service/SERVICIO1/purge", 256, "1"],
      ["POST", "/service/SERVICIO1/purge", 44, "1"],
    ]);
    expect(fastly.received.flatMap((r) => String(r.headers["surrogate-key"]).split(" "))).toEqual(keys(300));
  });

  it("says what Fastly answered when it refuses", async () => {
    await expect(new FastlyPurger({ baseUrl: fastly.base, serviceId: "SERVICIO1", token: "otra", soft: false }).purge(["A"])).rejects.toThrow(
      /Fastly rechazó la purga \(HTTP 401\).*credentials/,
    );
  });
});

describe("Cloudflare's purge by tag", () => {
  let cloudflare: Awaited<ReturnType<typeof fakeApi>>;
  beforeAll(async () => {
    // As Cloudflare: the zone in the path, a bearer token, {"tags": [...]} of at most 30; success in the answer.
    cloudflare = await fakeApi((request) => {
      if (request.headers.authorization !== "Bearer token-cf")
        return { status: 403, body: { success: false, errors: [{ code: 10000, message: "Authentication error" }], messages: [], result: null } };
      if (request.url !== "/client/v4/zones/ZONA1/purge_cache" || request.method !== "POST") return { status: 404, body: { success: false, errors: [] } };
      const { tags } = JSON.parse(request.body);
      if (!Array.isArray(tags) || tags.length > 30)
        return { status: 200, body: { success: false, errors: [{ code: 1070, message: "Too many tags" }], messages: [], result: null } };
      return { status: 200, body: { success: true, errors: [], messages: [], result: { id: "ZONA1" } } };
    });
  });
  afterAll(() => cloudflare.close());

  it("posts {tags} of at most 30 to the zone's purge_cache with the bearer token", async () => {
    cloudflare.received.length = 0;
    const purger = cdnPurgers(
      readSettings({ CLOUDFLARE_API_TOKEN: "token-cf", CLOUDFLARE_ZONE_ID: "ZONA1", CLOUDFLARE_API_BASE_URL: `${cloudflare.base}/client/v4` }),
    );
    expect(purger.map((p) => p.name)).toEqual(["Cloudflare"]);
    await purger[0].purge(keys(61));
    expect(cloudflare.received.map((r) => [r.url, r.headers["content-type"], JSON.parse(r.body).tags.length])).toEqual([
      ["/client/v4/zones/ZONA1/purge_cache", "application/json", 30],
      ["/client/v4/zones/ZONA1/purge_cache", "application/json", 30],
      ["/client/v4/zones/ZONA1/purge_cache", "application/json", 1],
    ]);
    expect(cloudflare.received.flatMap((r) => JSON.parse(r.body).tags)).toEqual(keys(61));
  });

  it("refuses an answer without success, naming Cloudflare's errors", async () => {
    await expect(new CloudflarePurger({ baseUrl: `${cloudflare.base}/client/v4`, zoneId: "ZONA1", token: "mala" }).purge(["A"])).rejects.toThrow(
      /Cloudflare rechazó la purga \(HTTP 403\).*Authentication error/,
    );
  });
});
