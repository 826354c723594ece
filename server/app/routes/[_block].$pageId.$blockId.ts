// Load more: GET /_block/<pageId>/<blockId>?offset=<n>&path=<page path> answers { data } — the
// block's data for the next page of its feed, computed with the editor's settings on the server.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContext } from "../load-context";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { site, host } = loadContext(context);
  const block = await site.loadMore(params.pageId ?? "", params.blockId ?? "", new URL(request.url), host);
  if (block === undefined) {
    return Response.json({ error: "bloque o desplazamiento (offset) desconocido" }, { status: 404 });
  }
  return Response.json({ data: block?.data ?? null }, { headers: { "Cache-Control": "public, max-age=0, s-maxage=60, stale-while-revalidate=600" } });
}
