// Every reader URL: a page definition's route, an article by canonical URL, or the brand's 404 page.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { lazy, Suspense, useContext } from "react";
import { PageView } from "../../../runtime/render";
import type { BlockDiagnostic, PageData } from "../../../runtime/types";
import { pageLoader } from "../page.server";
import { RenderContext } from "../views";

// ?debug=blocks only: readers never download it.
const DebugPanel = lazy(() => import("../debug-panel").then((module) => ({ default: module.DebugPanel })));

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
    { property: "og:title", content: head.title },
    ...(head.description ? [{ property: "og:description", content: head.description }] : []),
  ];
};

export default function ReaderPage() {
  const loaded = useLoaderData<typeof loader>();
  const { views, page: serverPage } = useContext(RenderContext);
  // The server renders from the full page; the browser from what the loader sent (blocks that hydrate).
  const page = serverPage ?? (loaded.page as PageData);
  const { diagnostics } = loaded;
  return (
    <div data-page-id={page.id} data-page-template={page.template}>
      <PageView page={page} views={views} />
      {diagnostics && (
        <Suspense fallback={null}>
          <DebugPanel pageId={page.id} diagnostics={diagnostics as BlockDiagnostic[]} />
        </Suspense>
      )}
    </div>
  );
}
