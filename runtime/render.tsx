// Rendering: the layout places its regions; each block renders inside a frame that turns a render
// error into nothing. On the server a Suspense boundary does it (React renders the fallback for a
// boundary whose content threw, and the page goes on); in the browser an error boundary puts the
// block's server HTML back (the pre-rendered HTML is the fallback, docs/error-catalogue.md#chunk-errors).
// The server renders every block; the browser gets only the components of blocks that hydrate, so
// a block without a component there is an island of server HTML that React never touches
// (docs/decisions/0009-islands.md).
import { Component, Fragment, Suspense, type ReactNode } from "react";
import type { ViewRegistry } from "./registry";
import type { LayoutProps, PageData, ResolvedBlock } from "./types";

/** Who hears of a block that failed to render: the server passes its logger; by default the console (the browser's developer tools). */
export type RenderFailureReport = (pageId: string, blockId: string, error?: string) => void;

const consoleReport: RenderFailureReport = (pageId, blockId, error) =>
  console.error(
    `el bloque falló al renderizar en el navegador; queda su HTML del servidor ${JSON.stringify({ pageId, blockId, ...(error ? { error } : {}) })}`,
  );

export function PageView({
  page,
  views,
  onRenderFailure = consoleReport,
  serverHtml,
}: {
  page: PageData;
  views: ViewRegistry;
  onRenderFailure?: RenderFailureReport;
  /** In the browser: each hydrating block's server HTML by block id, shown again if the block fails there. */
  serverHtml?: ReadonlyMap<string, string>;
}) {
  const regions: Record<string, ReactNode> = {};
  for (const [name, blocks] of Object.entries(page.regions)) {
    regions[name] = blocks.length ? (
      <Fragment>
        {blocks.map((block) => (
          <BlockFrame key={block.id} block={block} pageId={page.id} views={views} onRenderFailure={onRenderFailure} serverHtml={serverHtml?.get(block.id)} />
        ))}
      </Fragment>
    ) : null;
  }
  const Layout = (page.layout && views.layouts[page.layout]) || DefaultLayout;
  return <Layout page={page} regions={regions} />;
}

function DefaultLayout({ regions }: LayoutProps) {
  return (
    <>
      {Object.entries(regions).map(([name, content]) => (
        <Fragment key={name}>{content}</Fragment>
      ))}
    </>
  );
}

function BlockFrame({
  block,
  pageId,
  views,
  onRenderFailure = consoleReport,
  serverHtml,
}: {
  block: ResolvedBlock;
  pageId: string;
  views: ViewRegistry;
  onRenderFailure?: RenderFailureReport;
  /** In the browser: the block's server HTML, read before hydration. */
  serverHtml?: string;
}) {
  const Block = views.blocks[block.type];
  // The editor's classes (frame settings) go on the frame, the same on the server and in the browser.
  const frame = {
    className: block.frameClass ? `block ${block.frameClass}` : "block",
    "data-block": block.type,
    "data-block-id": block.id,
    "data-hydrate": block.hydrate ? "" : undefined,
  };
  if (!Block) {
    // In the browser, a block that does not hydrate (or whose code could not be loaded) has no
    // component: keep the server's HTML (React does not write an unchanged __html over what
    // hydration found).
    return <div {...frame} dangerouslySetInnerHTML={{ __html: "" }} suppressHydrationWarning />;
  }
  // A block that fails in the browser shows its server HTML again (docs/error-catalogue.md#chunk-errors);
  // on the server the Suspense boundary renders nothing in its place.
  const fallback = serverHtml === undefined ? null : <div {...frame} dangerouslySetInnerHTML={{ __html: serverHtml }} />;
  return (
    <BlockErrorBoundary pageId={pageId} blockId={block.id} report={onRenderFailure} fallback={fallback}>
      <div {...frame}>
        <Suspense fallback={<RenderFailed pageId={pageId} blockId={block.id} report={onRenderFailure} />}>
          <Block id={block.id} pageId={pageId} settings={block.settings} data={block.data} />
        </Suspense>
      </div>
    </BlockErrorBoundary>
  );
}

/**
 * Rendered by the server in place of a block whose render threw (React's streaming renderer
 * passes the error itself to onError). Renders nothing.
 */
function RenderFailed({ pageId, blockId, report }: { pageId: string; blockId: string; report: RenderFailureReport }) {
  if (typeof window === "undefined") report(pageId, blockId);
  return null;
}

class BlockErrorBoundary extends Component<
  { pageId: string; blockId: string; report: RenderFailureReport; fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    this.props.report(this.props.pageId, this.props.blockId, error.message);
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
