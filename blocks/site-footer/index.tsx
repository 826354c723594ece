import { SiteFooter } from "./SiteFooter";

/**
 * The brand's footer (docs/brands.md#footer): wordmark, social links, the two link groups, the
 * consumer authority's badge and the legal lines. Its data (this brand's links and legal lines, the
 * render instant) comes from index.server.ts.
 */
export default SiteFooter;
