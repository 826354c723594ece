// The components a page renders with, and how they reach the route's component: the server render
// has every block's component and the page with all its data; the browser has only the components
// of the blocks that hydrate, and the page data the loader sent (docs/decisions/0009-islands.md).
import { createContext } from "react";
import type { ViewRegistry } from "../../runtime/registry";
import type { RenderFailureReport } from "../../runtime/render";
import type { BlockView, PageData } from "../../runtime/types";
import { layoutViews } from "./layouts";

/** Block types and how to load their components (blocks/index.ts: blockViews, hydratingBlockViews). */
export type ViewLoaders = Record<string, () => Promise<{ default: BlockView }>>;

/**
 * Loads the components of these block types (all of the list by default). The server passes every
 * block's (blockViews); the browser the list of those that hydrate, so that the others' chunks are
 * not even named in what every page loads.
 */
export async function loadViews(
  loaders: ViewLoaders,
  types: Iterable<string> = Object.keys(loaders),
  /** How each is loaded; undefined leaves the block without its component (the browser: ./chunks.ts). */
  load: (type: string, loader: ViewLoaders[string]) => Promise<{ default: BlockView } | undefined> = (_type, loader) => loader(),
): Promise<ViewRegistry> {
  const blocks: Record<string, BlockView> = {};
  await Promise.all(
    [...types].map(async (type) => {
      const loader = loaders[type];
      const module = loader && (await load(type, loader));
      if (module) blocks[type] = module.default;
    }),
  );
  return { blocks, layouts: layoutViews };
}

export interface RenderInput {
  views: ViewRegistry;
  /** On the server: the page with every block's data (the loader sends the browser less). */
  page?: PageData;
  /** On the server: this response's Content-Security-Policy nonce, for the document's scripts. */
  nonce?: string;
  /** On the server: a block that failed to render, to the server's log (runtime/render.tsx). */
  onRenderFailure?: RenderFailureReport;
  /**
   * On the server: the document head's theme, the brand's tokens with the reader's dark theme
   * (blocks/_shared/darkTheme.ts) and the script that decides it before the first paint. The
   * browser keeps what the server wrote: neither is hydration data nor a module.
   */
  theme?: { css: string; script: string };
  /**
   * In the browser: the server HTML of each hydrating block, read before hydration, by block id. A
   * block that fails to render there shows it again (runtime/render.tsx).
   */
  serverHtml?: ReadonlyMap<string, string>;
}

export const RenderContext = createContext<RenderInput>({ views: { blocks: {}, layouts: layoutViews } });
