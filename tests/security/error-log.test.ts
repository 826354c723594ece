// What anybody can make the server write to its error log: a request a client got wrong is answered
// with its 4xx and no stack, a database that is away is said once per interval, and a broken page
// folder stops the start with the path that is wrong.
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYWALL_VIEW_PATH } from "../../server/paywall-views";
import { projectRegistry } from "../../server/project";
import { createLogger } from "../../platform/log";
import { InvalidPagesError, loadPages } from "../../server/load-pages";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

beforeAll(() => quietServerRenderWarnings());

const errorLines = (lines: string[]) => lines.filter((line) => /"level":"error"|\berror\b/i.test(line));

describe("requests a client got wrong", () => {
  let site: SiteServer;
  const lines: string[] = [];
  beforeAll(async () => {
    site = await startSiteServer({ logger: createLogger("warn", (line) => lines.push(line)) });
  }, 180_000);
  afterAll(() => site?.close());

  it.each([
    ["malformed JSON", "{ path: /x"],
    ["a body over 2 KB", JSON.stringify({ path: `/${"a".repeat(4000)}` })],
    ["a JSON string", JSON.stringify("/politica/articulo/x/1/")],
    ["a JSON number", "42"],
    ["null", "null"],
    ["an array", JSON.stringify(["/politica/articulo/x/1/"])],
  ])("a paywall beacon with %s is answered 400 and logs nothing", async (_name, body) => {
    lines.length = 0;
    const answer = await fetch(`${site.origin}${PAYWALL_VIEW_PATH}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error).toMatch(/cuerpo|path/);
    expect(errorLines(lines)).toEqual([]);
    expect(lines.join("\n")).not.toContain("stack");
  });

  it.each(["TRACE", "PROPFIND"])("%s on a page is refused with 405 and the methods the site takes, without a stack", async (method) => {
    lines.length = 0;
    const answer = await new Promise<{ status: number; allow?: string }>((resolve, reject) => {
      const socket = net.connect(site.port, "127.0.0.1", () => socket.end(`${method} / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
      let text = "";
      socket.on("data", (chunk) => (text += chunk));
      socket.on("end", () => resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]), allow: /\r\nallow: ([^\r]+)/i.exec(text)?.[1] }));
      socket.on("error", reject);
    });
    expect(answer.status).toBe(405);
    expect(answer.allow).toContain("GET");
    expect(errorLines(lines)).toEqual([]);
  });
});

describe("signing in while the database is away", () => {
  let site: SiteServer;
  let proxy: net.Server;
  const sockets = new Set<net.Socket>();
  const lines: string[] = [];
  beforeAll(async () => {
    // PostgreSQL reached through a proxy the test can cut: the database "goes down" for real.
    proxy = net.createServer((client) => {
      const upstream = net.connect(5432, "127.0.0.1");
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
        socket.on("error", () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", () => resolve()));
    const port = (proxy.address() as net.AddressInfo).port;
    site = await startSiteServer({
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/test`, DATABASE_SCHEMA: `caida_${process.pid}_${Date.now()}` },
      logger: createLogger("warn", (line) => lines.push(line)),
    });
  }, 180_000);
  afterAll(async () => {
    await site?.close().catch(() => {});
    proxy?.close();
  });

  it("answers 503 with Retry-After and logs the failure once, without a stack", async () => {
    // Closed once every connection is: the ones held open (the purge's LISTEN) are cut first.
    const closed = new Promise<void>((resolve) => proxy.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    await closed;
    lines.length = 0;
    for (let i = 0; i < 5; i++) {
      const answer = await fetch(`${site.origin}/identity/public/v1/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: `lectora${i}@example.com`, credentials: "Clave-segura-1", grantType: "password" }),
      });
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("30");
      const body = await answer.json();
      expect(body.message).toMatch(/no está disponible/);
      expect(JSON.stringify(body)).not.toMatch(/ECONN|127\.0\.0\.1|stack/i);
    }
    const failures = lines.filter((line) => line.includes("la base de datos no responde") && line.includes("cuentas"));
    expect(failures).toHaveLength(1);
    expect(lines.join("\n")).not.toContain("stack");
  }, 60_000);
});

describe("a page folder with a folder where a page definition should be", () => {
  let dir = "";
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("stops the start with the folder's path, not a raw EISDIR", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "paginas-"));
    fs.mkdirSync(path.join(dir, "semana", "x.json"), { recursive: true });
    let error: unknown;
    try {
      loadPages(projectRegistry(), dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InvalidPagesError);
    expect((error as Error).message).toMatch(/semana[/\\]x\.json:1:1 .*es una carpeta/);
    expect((error as Error).message).not.toContain("EISDIR:");
  });
});
