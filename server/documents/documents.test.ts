import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentFor, documentUrl, SEED_DOCUMENTS } from "./catalog";
import { simplePdf } from "./pdf";
import { createDocumentsRouter, MISSING_DOCUMENT } from "./router";

let server: http.Server;
let origin = "";

beforeAll(async () => {
  const app = express();
  app.use(createDocumentsRouter());
  app.use((_req, res) => res.status(404).send("<html>página del sitio</html>"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("seeded PDF documents", () => {
  it("writes a well-formed PDF: header, objects at the offsets its cross-reference table says, trailer", () => {
    const pdf = simplePdf("Fallo de la Corte (número 3) — año 2025", ["Párrafo con acentos: ñandú, educación."]).toString("latin1");
    expect(pdf.startsWith("%PDF-1.4\n")).toBe(true);
    expect(pdf.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe("xref");
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)![1]);
    const start = pdf.indexOf("stream\n") + "stream\n".length;
    expect(pdf.slice(start + length, start + length + "\nendstream".length)).toBe("\nendstream");
    // Parentheses escaped, accents in WinAnsi, the dash (not Latin-1) as '?'.
    expect(pdf).toContain("(Fallo de la Corte \\(número 3\\) ? año 2025) Tj");
  });

  it("serves every catalogue document as application/pdf, and a missing one as a bare 404", async () => {
    for (const document of SEED_DOCUMENTS) {
      const response = await fetch(origin + documentUrl(document));
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe("%PDF-");
    }
    for (const missing of ["/documentos/no-existe.pdf", "/documentos/", "/documentos/a/b.pdf", "/documentos/informe-de-gestion-2025.PDF"]) {
      const response = await fetch(origin + missing);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(MISSING_DOCUMENT);
    }
  });

  it("chooses a catalogue document by headline, always the same", () => {
    expect(documentFor("Una noticia")).toBe(documentFor("Una noticia"));
    expect(SEED_DOCUMENTS).toContain(documentFor("Otra noticia"));
  });
});
