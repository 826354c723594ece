// The components a page renders with, and how they reach the route's component: the server render
// has every block's component and the page with all its data; the browser has only the components
// of the blocks that hydrate, and the page data the loader sent (docs/decisions/0009-islands.md).
import { createContext } from "react";
import { blockViews } from "../../blocks";
import type { ViewRegistry } from "../../runtime/registry";
import type { BlockView, PageData } from "../../runtime/types";
import { layoutViews } from "./layouts";

/** Loads the components of these block types (all by default). */
export async function loadViews(types: Iterable<string> = Object.keys(blockViews)): Promise<ViewRegistry> {
  const blocks: Record<string, BlockView> = {};
  await Promise.all(
    [...types].map(async (type) => {
      const load = blockViews[type];
      if (load) blocks[type] = (await load()).default;
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
}

export const RenderContext = createContext<RenderInput>({ views: { blocks: {}, layouts: layoutViews } });
