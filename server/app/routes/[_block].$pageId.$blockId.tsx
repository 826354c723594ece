// Load more: GET /_block/<pageId>/<blockId>?offset=<n>&path=<page path> answers { html } — the block
// rendered for the next page of its feed, computed with the editor's settings on the server. The
// block's enhancer appends its list items (blocks/_shared/loadMore.ts); "" when nothing is left.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import { LoadMoreContinuation } from "../../../blocks/_shared/Listing";
import { CACHE_CONTROL } from "../../../platform/caching";
import { loadContext } from "../load-context";
import { blockViews } from "../../../blocks";
import { loadViews } from "../views";

/** Every block's component, loaded once: the server renders any block's next page. */
let views: ReturnType<typeof loadViews> | undefined;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { site, brand } = loadContext(context);
  const pageId = params.pageId ?? "";
  const block = await site.loadMore(pageId, params.blockId ?? "", new URL(request.url), brand);
  if (block === undefined) {
    return Response.json({ error: "bloque o desplazamiento (offset) desconocido" }, { status: 404 });
  }
  const View = block && (await (views ??= loadViews(blockViews))).blocks[block.type];
  const html = View
    ? renderToStaticMarkup(
        <LoadMoreContinuation.Provider value={true}>
          <View id={block.id} pageId={pageId} settings={block.settings} data={block.data} />
        </LoadMoreContinuation.Provider>,
      )
    : "";
  return Response.json({ html }, { headers: { "Cache-Control": CACHE_CONTROL.block } });
}
