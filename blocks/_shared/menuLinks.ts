// Where a menu entry points and whether it is the page being read: shared by MenuLink.tsx and the
// server halves that write menu links as HTML (the regional daily's sticky bar). No React here.
import type { MenuItem } from "../../brands";

/** Where a menu entry points: chat numbers become WhatsApp links. */
export function menuHref(item: MenuItem): string | undefined {
  if (item.isChatNumber) return item.link ? `https://wa.me/${item.link.replace(/\D/g, "")}` : undefined;
  return item.link;
}

/** True when the entry is the page being read (or a section above it). */
export function isCurrent(item: MenuItem, path: string): boolean {
  if (!item.link || item.isExternalLink || item.isChatNumber) return false;
  return item.link === "/" ? path === "/" : path === item.link || path.startsWith(item.link);
}
