// The loader of every reader URL (routes/$.tsx, routes/_index.tsx). A .server module: Remix leaves it
// out of the browser bundle, with everything it imports (the runtime's resolution, the head rules).
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { hydratedBlocks } from "../../blocks/index.server";
import { browserPageData, toPageData } from "../../runtime/resolve";
import { pageHead } from "../head";
import { carriesIdentity } from "../paywall";
import { loadContext } from "./load-context";

/** Anonymous readers' pages are cacheable by a CDN: fresh for a minute, then served stale while it refetches. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400";
/**
 * A page rendered for an identified reader (the identity cookie came with the request) is never
 * stored, whatever it shows: a locked article's body for a subscriber, or a free page that happens
 * to match the anonymous one (docs/decisions/0011-paywall.md, docs/decisions/0019-paywall-gaps.md).
 */
export const PRIVATE_CACHE_CONTROL = "private, no-store";
/** Content could not be read: caches keep nothing, readers are told when to try again. */
export const UNAVAILABLE_CACHE_CONTROL = "no-store";
export const RETRY_AFTER_SECONDS = 30;

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
  const answer = await site.answer(url, load.host, { cookie });
  const personal = answer.kind === "page" && (answer.personalized || carriesIdentity(cookie));
  const serverTiming = `resolve;dur=${(performance.now() - started).toFixed(1)}`;
  if (answer.kind === "redirect") {
    // A redirect that carries the request's query string names it whole, while the page cache keys on
    // the parameters blocks read: kept only when there is none (docs/decisions/0022-redirect-pages.md).
    const cacheControl = url.search ? "no-store" : PUBLIC_CACHE_CONTROL;
    throw redirect(answer.location, { status: answer.status, headers: { "Cache-Control": cacheControl } });
  }
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
      headers:
        answer.status === 503
          ? { "Cache-Control": UNAVAILABLE_CACHE_CONTROL, "Retry-After": String(RETRY_AFTER_SECONDS), "Server-Timing": serverTiming }
          : { "Cache-Control": personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL, "Server-Timing": serverTiming },
    },
  );
}
