// Blocks a page carries whatever its definition says: the blocks a brand puts on every page it
// serves (docs/brands.md#brand-wide-blocks). The runtime knows no particular block: the caller names
// them, as a page definition writes block instances.
import { HTML_OUTPUT, type BlockInstance, type LayoutDefinition, type PageDefinition } from "./types";

/**
 * The page with `blocks` first in its layout's first region. A block of the page of the same type, or
 * with the same id, gives way to the added one (so it is there once, as the caller wrote it). Pages
 * without a layout (redirect and output pages) are returned as they are.
 */
export function withPageBlocks(page: PageDefinition, blocks: readonly BlockInstance[], layouts: ReadonlyMap<string, LayoutDefinition>): PageDefinition {
  if (blocks.length === 0 || !page.layout || page.redirect || (page.outputType && page.outputType !== HTML_OUTPUT)) return page;
  const first = layouts.get(page.layout)?.regions[0] ?? Object.keys(page.regions)[0];
  if (!first) return page;
  const types = new Set(blocks.map((block) => block.type));
  const ids = new Set(blocks.map((block) => block.id));
  const regions: Record<string, BlockInstance[]> = {};
  for (const [name, instances] of Object.entries(page.regions)) regions[name] = instances.filter((block) => !types.has(block.type) && !ids.has(block.id));
  regions[first] = [...blocks.map((block) => ({ ...block, settings: { ...block.settings } })), ...(regions[first] ?? [])];
  return { ...page, regions };
}
