import { defineBlock } from "../../runtime/define";
import { recordRenderInstant, type RenderedAtData } from "./clock";
import type { Settings } from "./settings";
import { SiteHeader } from "./SiteHeader";

/**
 * The brand's header (spec/articles.md §2, §4, §9). Its menus are brand data, so it fetches
 * nothing; transform() records the render instant so that today's date hydrates without mismatch.
 */
export default defineBlock<Settings, RenderedAtData>({
  type: "site-header",
  component: SiteHeader,
  transform: recordRenderInstant,
  isEmpty: () => false,
});
