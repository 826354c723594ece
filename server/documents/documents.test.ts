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

/**
 * Where each string of a page's content stream is drawn: a reading of the text operators the writer
 * uses (BT/ET, Tf, TL, Td, T*, Tj), as a PDF viewer places them. `y` is the baseline, from the page's
 * bottom edge up.
 */
function drawnLines(pdf: string): Array<{ page: number; y: number; text: string }> {
  const lines: Array<{ page: number; y: number; text: string }> = [];
  const streams = [...pdf.matchAll(/stream\n([\s\S]*?)\nendstream/g)].map((m) => m[1]);
  streams.forEach((stream, page) => {
    let y = 0;
    let lineStart = 0;
    let leading = 0;
    for (const op of stream.split("\n")) {
      let m: RegExpExecArray | null;
      if (op === "BT") y = lineStart = 0;
      // The last operand counts, as viewers read "0 -14 TL".
      else if ((m = /(-?[\d.]+) TL$/.exec(op))) leading = Number(m[1]);
      else if ((m = /^-?[\d.]+ (-?[\d.]+) Td$/.exec(op))) y = lineStart = lineStart + Number(m[1]);
      else if (op === "T*") y = lineStart = lineStart - leading;
      else if ((m = /^\((.*)\) Tj$/.exec(op))) lines.push({ page, y, text: m[1] });
    }
  });
  return lines;
}

describe("the text of a seeded PDF", () => {
  const MEDIA_BOX_HEIGHT = 842;
  const paragraphs = Array.from({ length: 12 }, (_, i) => `Párrafo ${i + 1}. ${"Texto del documento con cifras y anexos. ".repeat(8)}`.trim());
  const pdf = simplePdf("Informe largo", paragraphs).toString("latin1");
  const lines = drawnLines(pdf);

  it("runs down the page in reading order, title first", () => {
    expect(lines[0].text).toBe("Informe largo");
    for (let i = 1; i < lines.length; i++) {
      if (lines[i].page === lines[i - 1].page) expect(lines[i].y, lines[i].text).toBeLessThan(lines[i - 1].y);
      else expect(lines[i].page).toBe(lines[i - 1].page + 1);
    }
  });

  it("keeps every line inside the page's margins, and loses none: a long text goes on to another page", () => {
    for (const line of lines) {
      expect(line.y, line.text).toBeGreaterThanOrEqual(56);
      expect(line.y, line.text).toBeLessThanOrEqual(MEDIA_BOX_HEIGHT - 56);
    }
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const drawn = lines.slice(1).reduce((sum, line) => sum + words(line.text), 0);
    expect(drawn).toBe(paragraphs.reduce((sum, paragraph) => sum + words(paragraph), 0));
    expect(new Set(lines.map((line) => line.page)).size).toBeGreaterThan(1);
    expect(/\/Count (\d+)/.exec(pdf)![1]).toBe(String(new Set(lines.map((line) => line.page)).size));
    expect(lines.at(-1)!.text.endsWith("anexos.")).toBe(true);
  });

  it("draws each catalogue document on one page, top to bottom", () => {
    for (const document of SEED_DOCUMENTS) {
      const drawn = drawnLines(simplePdf(document.title, document.paragraphs).toString("latin1"));
      expect(new Set(drawn.map((line) => line.page))).toEqual(new Set([0]));
      expect(drawn.map((line) => line.y)).toEqual([...drawn.map((line) => line.y)].sort((a, b) => b - a));
    }
  });
});
