// Renders the whole document before answering (blocks' data is already resolved by the loader), so
// that the response carries an ETag of its HTML and a reader's revalidation can answer 304.
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import type { LoadContext } from "./load-context";
import { READER_DARK_THEME_CSS, THEME_SCRIPT } from "../../blocks/_shared/darkTheme";
import { brands, themeCss } from "../../brands";
import { blockViews } from "../../blocks";
import { entityTag, notModified } from "../../platform/caching";
import { withoutViewPadding } from "./stream-padding";
import { loadViews, RenderContext } from "./views";

const RENDER_TIMEOUT_MS = 10_000;

/** Every block's component: the server renders them all (the browser hydrates only some). */
const views = await loadViews(blockViews);

export default function handleRequest(request: Request, status: number, headers: Headers, remixContext: EntryContext, loadContext: AppLoadContext) {
  const { logger, rendered, nonce, brand, telemetry } = loadContext as unknown as LoadContext;
  // The brand's tokens and the reader's dark theme, in the head: known before the body is parsed.
  const theme = { css: themeCss(brands[brand].theme) + READER_DARK_THEME_CSS, script: THEME_SCRIPT };
  const started = performance.now();
  const onRenderFailure = (pageId: string, blockId: string, error?: string) =>
    logger.error("el bloque falló al renderizar; no se muestra", { pageId, blockId, ...(error ? { error } : {}) });
  const render = () =>
    new Promise<Response>((resolve, reject) => {
      const document = (
        <RenderContext.Provider value={{ views, page: rendered?.page, nonce, theme, onRenderFailure }}>
          <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} nonce={nonce} />
        </RenderContext.Provider>
      );
      // Cleared once the document is written: a pending timer would keep the render's state alive for 11 s.
      const deadline = setTimeout(() => abort(), RENDER_TIMEOUT_MS + 1000);
      const { pipe, abort } = renderToPipeableStream(document, {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on("data", (chunk: Buffer) => chunks.push(withoutViewPadding(chunk)));
          body.on("end", () => {
            clearTimeout(deadline);
            const html = Buffer.concat(chunks);
            const etag = entityTag(html);
            headers.set("Content-Type", "text/html; charset=utf-8");
            headers.set("ETag", etag);
            headers.append("Server-Timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
            const fresh = status === 200 && notModified(request.headers.get("if-none-match"), etag);
            resolve(new Response(fresh ? null : html, { status: fresh ? 304 : status, headers }));
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error, info) {
          // A block that throws is replaced by nothing (runtime/render.tsx); the page still succeeds.
          logger.error("render: un componente falló", {
            url: request.url,
            error: error instanceof Error ? error.message : String(error),
            componentStack: info?.componentStack
              ?.split("\n")
              .slice(1, 4)
              .map((line) => line.trim()),
          });
        },
      });
    });
  // Its span and its time per template (server/telemetry).
  return telemetry ? telemetry.render(render) : render();
}
