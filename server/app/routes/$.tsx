// Every reader URL: a page definition's route, an article by canonical URL, or the brand's 404 page.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useContext } from "react";
import { PageView } from "../../../runtime/render";
import type { BlockDiagnostic, PageData } from "../../../runtime/types";
import { pageLoader } from "../page.server";
import { revalidateUnlessBlockState } from "../../../runtime/block-history";
import { RenderContext } from "../views";

// ?debug=blocks only: readers never download it.
const DebugPanel = lazy(() => import("../debug-panel").then((module) => ({ default: module.DebugPanel })));

/** Back and forward between a block's own states keep the page's data (runtime/block-history.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = revalidateUnlessBlockState;

export const loader = (args: LoaderFunctionArgs) => pageLoader(args);

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const head = data?.head;
  if (!head) return [{ title: "Página no encontrada" }];
  return [
    { title: head.title },
    ...(head.description ? [{ name: "description", content: head.description }] : []),
    ...(head.robots ? [{ name: "robots", content: head.robots }] : []),
    ...(head.canonical ? [{ tagName: "link", rel: "canonical", href: head.canonical }] : []),
    ...(head.feed ? [{ tagName: "link", rel: "alternate", type: "application/rss+xml", title: head.title, href: head.feed }] : []),
    // Open Graph and Twitter cards, with the promo image on article pages.
    { property: "og:title", content: head.title },
    ...(head.description ? [{ property: "og:description", content: head.description }] : []),
    { property: "og:type", content: head.type },
    { property: "og:site_name", content: head.siteName },
    { property: "og:locale", content: "es_CO" },
    ...(head.canonical ? [{ property: "og:url", content: head.canonical }] : []),
    ...(head.image
      ? [
          { property: "og:image", content: head.image.url },
          ...(head.image.width ? [{ property: "og:image:width", content: String(head.image.width) }] : []),
          ...(head.image.height ? [{ property: "og:image:height", content: String(head.image.height) }] : []),
          ...(head.image.alt ? [{ property: "og:image:alt", content: head.image.alt }] : []),
        ]
      : []),
    { name: "twitter:card", content: head.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: head.title },
    ...(head.description ? [{ name: "twitter:description", content: head.description }] : []),
    ...(head.image ? [{ name: "twitter:image", content: head.image.url }] : []),
  ];
};

export default function ReaderPage() {
  const loaded = useLoaderData<typeof loader>();
  const { views, page: serverPage, onRenderFailure, serverHtml } = useContext(RenderContext);
  // The server renders from the full page; the browser from what the loader sent (blocks that hydrate).
  const page = serverPage ?? (loaded.page as PageData);
  const { diagnostics } = loaded;
  return (
    <div data-page-id={page.id} data-page-template={page.template}>
      <PageView page={page} views={views} onRenderFailure={onRenderFailure} serverHtml={serverHtml} />
      {diagnostics && (
        <Suspense fallback={null}>
          <DebugPanel pageId={page.id} diagnostics={diagnostics as BlockDiagnostic[]} />
        </Suspense>
      )}
    </div>
  );
}
