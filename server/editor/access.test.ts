import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Request, Response } from "express";
import { BadPathError, editorToolsEnabled, isLocalHostName, isLoopback, localOnly, pageFilePath } from "./access";

describe("editors' tools access", () => {
  it("are on outside production, off in production unless EDITOR=1", () => {
    expect(editorToolsEnabled({ NODE_ENV: "development" })).toBe(true);
    expect(editorToolsEnabled({ NODE_ENV: "production" })).toBe(false);
    expect(editorToolsEnabled({ NODE_ENV: "production", EDITOR: "1" })).toBe(true);
    expect(editorToolsEnabled({ NODE_ENV: "development", EDITOR: "0" })).toBe(false);
  });

  it("answer only this machine, by the socket's address", () => {
    const answer = (address: string, headers: Record<string, string> = { host: "localhost:3000" }, method = "GET") => {
      let status = 200;
      let passed = false;
      const res = { status: (code: number) => ((status = code), res), set: () => res, type: () => res, send: () => res } as unknown as Response;
      localOnly(
        { method, socket: { remoteAddress: address }, headers: { "x-forwarded-for": "127.0.0.1", ...headers } } as unknown as Request,
        res,
        () => (passed = true),
      );
      return passed ? 200 : status;
    };
    expect(answer("127.0.0.1")).toBe(200);
    expect(answer("::1")).toBe(200);
    expect(answer("::ffff:127.0.0.1")).toBe(200);
    expect(answer("10.0.0.7")).toBe(403);
    expect(answer("::ffff:192.168.1.2")).toBe(403);
    expect(isLoopback(undefined)).toBe(false);
  });

  it("refuse a rebound name and writes from another site's page", () => {
    const answer = (headers: Record<string, string>, method = "GET") => {
      let status = 200;
      let passed = false;
      const res = { status: (code: number) => ((status = code), res), set: () => res, type: () => res, send: () => res } as unknown as Response;
      localOnly({ method, socket: { remoteAddress: "127.0.0.1" }, headers } as unknown as Request, res, () => (passed = true));
      return passed ? 200 : status;
    };
    for (const host of ["localhost", "localhost:3000", "soho.localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) expect(answer({ host }), host).toBe(200);
    for (const host of ["evil.example", "evil.example:3000", "localhost.evil.example", "127.0.0.1.nip.io", ""]) expect(answer({ host }), host).toBe(403);
    expect(answer({}), "no Host").toBe(403);
    // Writes: same-site origins pass, another site's page does not.
    expect(answer({ host: "localhost:3000", origin: "http://localhost:3000" }, "PUT")).toBe(200);
    expect(answer({ host: "localhost:3000", origin: "http://soho.localhost:3000" }, "POST")).toBe(200);
    expect(answer({ host: "localhost:3000" }, "PUT")).toBe(200);
    expect(answer({ host: "localhost:3000", origin: "https://evil.example" }, "PUT")).toBe(403);
    expect(answer({ host: "localhost:3000", origin: "null" }, "POST")).toBe(403);
    expect(answer({ host: "localhost:3000", "sec-fetch-site": "cross-site" }, "POST")).toBe(403);
    // Reading a page of the tools from a link elsewhere is fine (it changes nothing).
    expect(answer({ host: "localhost:3000", "sec-fetch-site": "cross-site" })).toBe(200);
    expect(isLocalHostName("LOCALHOST")).toBe(true);
    expect(isLocalHostName("x".repeat(300))).toBe(false);
  });

  it("name files only inside the pages folder", () => {
    expect(pageFilePath("/srv/pages", "semana/home.json")).toBe("/srv/pages/semana/home.json");
    expect(pageFilePath("/srv/pages", "semana/grupo/tag.json")).toBe("/srv/pages/semana/grupo/tag.json");
    // Layout files (docs/decisions/0074-layouts-own-the-shared-blocks.md): every brand's and one brand's.
    expect(pageFilePath("/srv/pages", "_layouts/main-sidebar.json")).toBe("/srv/pages/_layouts/main-sidebar.json");
    expect(pageFilePath("/srv/pages", "soho/_layouts/main-sidebar.json")).toBe("/srv/pages/soho/_layouts/main-sidebar.json");
    for (const hostile of [
      "_layouts/_layouts/x.json",
      "_otros/x.json",
      "_layouts.json",
      "../etc/passwd.json",
      "semana/../../x.json",
      "/etc/x.json",
      "semana\\..\\x.json",
      "semana/home.js",
      "home.json",
      "layout-rules.json",
      "semana/.hidden.json",
      "semana/home.json\u0000.txt",
      "semana//home.json",
      "Semana/Home.json",
      "semana/%2e%2e/x.json",
      "x".repeat(300),
      42,
      undefined,
    ]) {
      expect(() => pageFilePath("/srv/pages", hostile), String(hostile)).toThrow(BadPathError);
    }
  });

  it("follow symbolic links before deciding a file is inside the pages folder", () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "paginas-"));
    try {
      const pages = path.join(scratch, "pages");
      const outside = path.join(scratch, "fuera");
      fs.mkdirSync(path.join(pages, "semana"), { recursive: true });
      fs.mkdirSync(outside);
      fs.symlinkSync(outside, path.join(pages, "soho"));
      fs.symlinkSync(path.join(outside, "x.json"), path.join(pages, "semana", "enlace.json"));
      expect(pageFilePath(pages, "semana/home.json")).toBe(path.join(pages, "semana", "home.json"));
      expect(pageFilePath(pages, "fucsia/nueva.json")).toBe(path.join(pages, "fucsia", "nueva.json"));
      expect(() => pageFilePath(pages, "soho/home.json")).toThrow(BadPathError);
      expect(() => pageFilePath(pages, "semana/enlace.json")).toThrow(BadPathError);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
