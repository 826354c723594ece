import type { ReactNode } from "react";
import type { MenuItem } from "../../brands";
import { isCurrent, menuHref } from "./menuLinks";

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
