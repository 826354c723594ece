import { PassThrough } from "node:stream";
import { createElement } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withoutViewPadding } from "./stream-padding";

/** Many small pieces of text with accents: React writes them one by one into its views. */
const page = (prefix: number) =>
  createElement(
    "div",
    null,
    "a".repeat(prefix),
    Array.from({ length: 300 }, (_, i) => createElement("span", { key: i }, "Galerías")),
  );

/** What entry.server.tsx collects from React's stream: every chunk, padding dropped or not. */
function render(prefix: number, clean: boolean): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(page(prefix), {
      onAllReady() {
        const chunks: Buffer[] = [];
        const body = new PassThrough();
        body.on("data", (chunk: Buffer) => chunks.push(clean ? withoutViewPadding(chunk) : chunk));
        body.on("end", () => resolve(Buffer.concat(chunks)));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

describe("React's stream padding", () => {
  const prefixes = Array.from({ length: 16 }, (_, i) => i);

  it("is there without the fix: a NUL before a character that did not fit", async () => {
    const raw = await Promise.all(prefixes.map((prefix) => render(prefix, false)));
    expect(raw.some((html) => html.includes(0))).toBe(true);
  });

  it("is dropped, and the page reads as written", async () => {
    for (const prefix of prefixes) {
      const html = await render(prefix, true);
      expect(html.includes(0), `prefijo ${prefix}`).toBe(false);
      expect(html.toString("utf8")).toBe(renderToStaticMarkup(page(prefix)));
    }
  });

  it("leaves chunks without padding as they are", () => {
    const chunk = Buffer.from("Galerías");
    expect(withoutViewPadding(chunk)).toBe(chunk);
    expect(withoutViewPadding(Buffer.from([0x61, 0, 0])).toString()).toBe("a");
  });
});
