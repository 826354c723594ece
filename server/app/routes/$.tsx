// Every reader URL: a page definition's route, an article by canonical URL, or the brand's 404 page.
import { data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PageView } from "../../../runtime/render";
import type { ResolvedPage } from "../../../runtime/types";
import { DebugPanel } from "../debug-panel";
import { loadContext } from "../load-context";
import { renderRegistry } from "../registry";

/** Anonymous readers' pages are cacheable by a CDN: fresh for a minute, then served stale while it refetches. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { site, debug } = loadContext(context);
  const url = new URL(request.url);
  const started = performance.now();
  const answer = await site.answer(url, request.headers.get("host"));
  const serverTiming = `resolve;dur=${(performance.now() - started).toFixed(1)}`;
  if (answer.kind === "redirect") throw redirect(answer.location, { status: answer.status, headers: { "Cache-Control": PUBLIC_CACHE_CONTROL } });
  const showDebug = debug && url.searchParams.get("debug") === "blocks";
  // Diagnostics stay on the server unless asked for: they are not part of the page.
  const page: ResolvedPage = showDebug ? answer.page : { ...answer.page, diagnostics: [] };
  return data({ page, showDebug, origin: url.origin }, { status: answer.status, headers: { "Cache-Control": PUBLIC_CACHE_CONTROL, "Server-Timing": serverTiming } });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, location }) => {
  const page = data?.page;
  if (!page) return [{ title: "Página no encontrada" }];
  const article = page.context.article;
  const title = article?.headlines?.basic ?? page.metadata.title ?? "";
  const description = article?.description?.basic ?? article?.subheadlines?.basic ?? page.metadata.description;
  const canonical = page.metadata.canonical;
  const path =
    canonical?.strategy === "url" ? canonical.url : canonical?.strategy === "article" && article?.canonical_url ? article.canonical_url : location.pathname;
  // Canonical links are absolute, on the host that served the page (the brand's public host behind a proxy).
  const href = path ? new URL(path, data.origin).href : undefined;
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    ...(page.metadata.robots ? [{ name: "robots", content: page.metadata.robots }] : []),
    ...(href ? [{ tagName: "link", rel: "canonical", href }] : []),
    { property: "og:title", content: title },
    ...(description ? [{ property: "og:description", content: description }] : []),
  ];
};

export default function ReaderPage() {
  const { page, showDebug } = useLoaderData<typeof loader>();
  return (
    <div data-page-id={page.id} data-page-template={page.template}>
      <PageView page={page as ResolvedPage} registry={renderRegistry} />
      {showDebug && <DebugPanel page={page as ResolvedPage} />}
    </div>
  );
}
