// Rendering: the layout places its regions; each block renders inside a frame that turns a render
// error into nothing. On the server a Suspense boundary does it (React renders the fallback for a
// boundary whose content threw, and the page goes on); in the browser an error boundary does.
import { Component, Fragment, Suspense, type ReactNode } from "react";
import type { Registry } from "./registry";
import type { LayoutProps, Logger, ResolvedBlock, ResolvedPage } from "./types";

let renderLogger: Logger = {
  info: () => {},
  warn: (m, f) => console.warn(m, f),
  error: (m, f) => console.error(m, f),
};

/** Where render failures are reported (the server sets its logger). */
export function setRenderLogger(logger: Logger): void {
  renderLogger = logger;
}

export function PageView({ page, registry }: { page: ResolvedPage; registry: Registry }) {
  const regions: Record<string, ReactNode> = {};
  for (const [name, blocks] of Object.entries(page.regions)) {
    regions[name] = blocks.length ? (
      <Fragment>
        {blocks.map((block) => (
          <BlockFrame key={block.id} block={block} page={page} registry={registry} />
        ))}
      </Fragment>
    ) : null;
  }
  const Layout = registry.layouts.get(page.layout)?.component ?? DefaultLayout;
  return <Layout page={page} regions={regions} />;
}

function DefaultLayout({ regions }: LayoutProps) {
  return <>{Object.entries(regions).map(([name, content]) => <Fragment key={name}>{content}</Fragment>)}</>;
}

export function BlockFrame({ block, page, registry }: { block: ResolvedBlock; page: ResolvedPage; registry: Registry }) {
  const definition = registry.blocks.get(block.type);
  if (!definition) return null;
  const Block = definition.component;
  return (
    <div className="block" data-block={block.type} data-block-id={block.id}>
      <BlockErrorBoundary pageId={page.id} blockId={block.id}>
        <Suspense fallback={<RenderFailed pageId={page.id} blockId={block.id} />}>
          <Block id={block.id} pageId={page.id} settings={block.settings} data={block.data} context={page.context} />
        </Suspense>
      </BlockErrorBoundary>
    </div>
  );
}

/**
 * Rendered by the server in place of a block whose render threw (React's streaming renderer
 * passes the error itself to onError). Renders nothing.
 */
function RenderFailed({ pageId, blockId }: { pageId: string; blockId: string }) {
  if (typeof window === "undefined") renderLogger.error("block render failed; rendered nothing", { pageId, blockId });
  return null;
}

class BlockErrorBoundary extends Component<{ pageId: string; blockId: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error) {
    renderLogger.error("block render failed; rendered nothing", { pageId: this.props.pageId, blockId: this.props.blockId, error: error.message });
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
