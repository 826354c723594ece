"use client";

import { SiteHeader } from "./SiteHeader";

/**
 * The brand's header (docs/article-pages.md#site-header): menus, wordmark, date and ISSN, the
 * user menu filled in from the browser's session, and the sticky compact header. Its data (this
 * brand's menus and links, the path, the story's headline, the render instant) comes from
 * index.server.ts.
 */
export default SiteHeader;
