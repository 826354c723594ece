// A section that folds on phones and is always open on large screens (docs/article-pages.md#collapsible-blocks):
// its title is a button the page's one script (enhance.ts, [data-toggle]) uses to show or hide the
// body; from 1024 px the CSS hides that button, shows a plain heading and always shows the body
// (overriding `hidden`). Rendered on the server; no component code in the browser.
import type { ReactNode } from "react";
import styles from "./Collapsible.module.css";

export interface CollapsibleProps {
  /** The body's id (unique on the page): the button controls it. */
  id: string;
  title: string;
  /** Open at first on phones. */
  open: boolean;
  className?: string;
  children: ReactNode;
}

export function Collapsible({ id, title, open, className, children }: CollapsibleProps) {
  return (
    <section className={[styles.collapsible, className].filter(Boolean).join(" ")} data-collapsible="">
      <h2 className={styles.title}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={id} data-toggle="">
          {title}
          <span className={styles.chevron} aria-hidden="true" />
        </button>
        <span className={styles.heading}>{title}</span>
      </h2>
      <div id={id} className={styles.body} hidden={!open}>
        {children}
      </div>
    </section>
  );
}
