// A small real PDF (PDF 1.4, A4 pages of Helvetica text), written by hand: the seeded articles'
// document viewers ('context_pdf', docs/article-pages.md#embeds) show these files.

/** Latin-1 (WinAnsi) text in a PDF string: Spanish accents and ñ kept, \ ( ) escaped, the rest as '?'. */
function pdfString(value: string): string {
  let out = "";
  for (const char of value.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    const byte = code < 0x20 || code > 0xff || (code >= 0x7f && code < 0xa0) ? 0x3f : code;
    const c = String.fromCharCode(byte);
    out += c === "\\" || c === "(" || c === ")" ? `\\${c}` : c;
  }
  return `(${out})`;
}

/** Cuts a paragraph into lines of at most `width` characters, at spaces. */
function wrap(paragraph: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of paragraph.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A4 in points, and the margin kept on every side. */
const PAGE = { width: 595, height: 842, margin: 56 };
const TITLE = { font: "/F2", size: 18, leading: 26 };
const BODY = { font: "/F1", size: 11, leading: 14, columns: 90 };

/**
 * The text of each page: the title, then the paragraphs' lines with a blank line between paragraphs,
 * top to bottom. A page holds as many lines as fit between its margins; the rest go on to the next.
 */
function pageContents(title: string, paragraphs: string[]): string[] {
  const top = PAGE.height - PAGE.margin - TITLE.size;
  const bottom = PAGE.margin;
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const newPage = () => {
    ops = ["BT", `${BODY.font} ${BODY.size} Tf`, `${BODY.leading} TL`, `${PAGE.margin} ${top} Td`];
    pages.push(ops);
    y = top;
  };
  newPage();
  ops.splice(1, 1, `${TITLE.font} ${TITLE.size} Tf`);
  ops.push(`${pdfString(title)} Tj`, `0 ${-TITLE.leading} Td`, `${BODY.font} ${BODY.size} Tf`);
  y -= TITLE.leading;
  let first = true;
  for (const paragraph of paragraphs) {
    const lines = wrap(paragraph, BODY.columns);
    if (!lines.length) continue;
    // A blank line between paragraphs, unless the paragraph starts a page.
    if (!first && y - BODY.leading >= bottom) {
      ops.push("T*");
      y -= BODY.leading;
    }
    first = false;
    for (const line of lines) {
      if (y < bottom) {
        ops.push("ET");
        newPage();
      }
      ops.push(`${pdfString(line)} Tj`, "T*");
      y -= BODY.leading;
    }
  }
  ops.push("ET");
  return pages.map((page) => page.join("\n"));
}

/** The bytes of a PDF with a title and paragraphs, on as many A4 pages as the text needs. */
export function simplePdf(title: string, paragraphs: string[]): Buffer {
  const contents = pageContents(title, paragraphs);
  // 1 catalogue, 2 page tree, 3–4 fonts, then each page and its content stream, then the document's info.
  const firstPage = 5;
  const pageIds = contents.map((_, i) => firstPage + 2 * i);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${contents.length} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    ...contents.flatMap((stream, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
    ]),
    `<< /Title ${pdfString(title)} /Producer (Bloques) >>`,
  ];
  let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}
