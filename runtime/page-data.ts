// What is rendered of a resolved page and what the browser gets of it (docs/decisions/0001-block-contract.md):
// no request context, each block's frame classes, and settings and data only for the blocks that hydrate.
import { FRAME_SETTINGS, type PageData, type ResolvedBlock, type ResolvedPage } from "./types";

/** A CSS class name an editor may write: letters, digits, "-" and "_", not starting with a digit. */
const CLASS_NAME = /^-?[A-Za-z_][A-Za-z0-9_-]*$/;

/**
 * The classes of a block's frame from its frame settings (FRAME_SETTINGS: addClass, then classes),
 * each once, in the order written. The schema already refuses other characters; what still does not
 * read as a class name is left out, never written into the page.
 */
export function frameClassName(settings: Record<string, unknown> | undefined): string | undefined {
  const names = new Set<string>();
  for (const setting of FRAME_SETTINGS) {
    const value = settings?.[setting];
    if (typeof value !== "string") continue;
    for (const name of value.split(/\s+/)) if (CLASS_NAME.test(name)) names.add(name);
  }
  return names.size ? [...names].join(" ") : undefined;
}

/**
 * What is rendered of a resolved page: no request context, no diagnostics, no metadata rules; each
 * block marked with whether its component hydrates in the browser.
 */
export function toPageData(page: ResolvedPage, hydrates: (type: string) => boolean = () => false): PageData {
  const regions: Record<string, ResolvedBlock[]> = {};
  for (const [name, blocks] of Object.entries(page.regions))
    regions[name] = blocks.map((block) => (hydrates(block.type) ? { ...block, hydrate: true } : block));
  return { id: page.id, brand: page.brand, ...(page.template ? { template: page.template } : {}), ...(page.layout ? { layout: page.layout } : {}), regions };
}

/**
 * What the browser gets: blocks that hydrate keep their settings and data; the others are only
 * named (their HTML is already in the page and stays as the server rendered it).
 */
export function browserPageData(page: PageData): PageData {
  const regions: Record<string, ResolvedBlock[]> = {};
  for (const [name, blocks] of Object.entries(page.regions)) {
    // The frame's classes travel for every block: React renders the same frame in the browser.
    regions[name] = blocks.map((block) =>
      block.hydrate ? block : { id: block.id, type: block.type, settings: {}, data: null, ...(block.frameClass ? { frameClass: block.frameClass } : {}) },
    );
  }
  return { ...page, regions };
}
