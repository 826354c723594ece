// The loader of every reader URL (routes/$.tsx, routes/_index.tsx). A .server module: Remix leaves it
// out of the browser bundle, with everything it imports (the runtime's resolution, the head rules).
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hydratedBlocks } from "../../blocks/index.server";
import { browserPageData, toPageData } from "../../runtime/page-data";
import { pageHead } from "../head";
import { CACHE_CONTROL, RETRY_AFTER_SECONDS, sharedPage } from "../../platform/caching";
import { carriesIdentity } from "../paywall";
import { loadContext } from "./load-context";
import { keyHeaders } from "../purge/keys";

export async function pageLoader({ request, context }: LoaderFunctionArgs) {
  const load = loadContext(context);
  const { site, debug } = load;
  // On the origin the site serves (trusted proxies decide it, server/http/site-origin.ts), not the one
  // the adapter read from the headers: the canonical link and structured data name it alike.
  const requested = new URL(request.url);
  // The path is set, never parsed against the origin: "//evil.example" would parse as another host.
  const url = new URL(load.origin);
  url.pathname = requested.pathname;
  url.search = requested.search;
  if (load.path) url.pathname = load.path;
  const started = performance.now();
  const cookie = request.headers.get("cookie");
  const answer = await site.answer(url, load.brand, { cookie });
  const personal = answer.kind === "page" && (answer.personalized || carriesIdentity(cookie));
  const serverTiming = `resolve;dur=${(performance.now() - started).toFixed(1)}`;
  if (answer.kind === "redirect") {
    // A redirect that carries the request's query string names it whole, while the page cache keys on
    // the parameters blocks read: kept only when there is none (docs/decisions/0022-redirect-pages.md).
    const cacheControl = url.search ? CACHE_CONTROL.none : sharedPage(answer.changesIn);
    throw redirect(answer.location, { status: answer.status, headers: { "Cache-Control": cacheControl } });
  }
  load.telemetry?.answeredBy(answer.page);
  const showDebug = debug && url.searchParams.get("debug") === "blocks";
  // The document is rendered from the page with every block's data (entry.server reads it here);
  // the browser gets the data of the blocks that hydrate and the head, never the request context
  // or the article document; diagnostics only when asked for.
  const page = toPageData(answer.page, (type) => hydratedBlocks.has(type));
  load.rendered.page = page;
  return data(
    { page: browserPageData(page), head: pageHead(answer.page, load.origin), diagnostics: showDebug ? answer.page.diagnostics : null },
    {
      status: answer.status,
      // A page for an identified reader is never stored, whatever it shows; content that could not be
      // read is not kept either, and readers are told when to try again. Shared caches keep a page no
      // longer than until a publication window changes it (docs/decisions/0073-publication-schedules.md).
      headers:
        answer.status === 503
          ? { "Cache-Control": CACHE_CONTROL.none, "Retry-After": String(RETRY_AFTER_SECONDS), "Server-Timing": serverTiming }
          : personal
            ? { "Cache-Control": CACHE_CONTROL.personal, "Server-Timing": serverTiming }
            : // The content the page is made of, for the CDN's purge by key (docs/decisions/0081-purge-by-content-key.md).
              { "Cache-Control": sharedPage(answer.changesIn), "Server-Timing": serverTiming, ...keyHeaders(load.brand, answer.page.keys) },
    },
  );
}
