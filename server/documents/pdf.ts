// A small real PDF (PDF 1.4, one A4 page of Helvetica text), written by hand: the seeded articles'
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

/** The bytes of a one-page PDF with a title and paragraphs. */
export function simplePdf(title: string, paragraphs: string[]): Buffer {
  const text: string[] = ["BT", "/F2 18 Tf", "56 780 Td", `${pdfString(title)} Tj`, "/F1 11 Tf", "0 -14 TL", "T*"];
  let lines = 0;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, 90)) {
      if (lines++ > 48) break;
      text.push("T*", `${pdfString(line)} Tj`);
    }
    text.push("T*");
  }
  text.push("ET");
  const stream = text.join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}\nendstream`,
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
