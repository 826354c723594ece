import type { ReactNode } from "react";
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

/** A menu entry as a link; external sites and chat numbers open in a new tab. */
export function MenuLink({ item, path, className, children }: { item: MenuItem; path?: string; className?: string; children?: ReactNode }) {
  const external = item.isExternalLink || item.isChatNumber;
  return (
    <a
      href={menuHref(item)}
      className={className}
      aria-current={path !== undefined && isCurrent(item, path) ? "page" : undefined}
      {...(external ? { target: "_blank", rel: "noopener" } : {})}
    >
      {children ?? item.title}
    </a>
  );
}
