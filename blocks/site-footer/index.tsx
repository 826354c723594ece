import { defineBlock } from "../../runtime/define";
import { recordRenderInstant, type RenderedAtData } from "../site-header/clock";
import type { Settings } from "./settings";
import { SiteFooter } from "./SiteFooter";

/**
 * The brand's footer (spec/blocks-and-listings.md §2, §4). Brand data only, no fetch; transform()
 * records the render instant so the copyright year hydrates without mismatch.
 */
export default defineBlock<Settings, RenderedAtData>({
  type: "site-footer",
  component: SiteFooter,
  transform: recordRenderInstant,
  isEmpty: () => false,
});
