import type { CSSProperties } from "react";
import type { BlockProps } from "../../runtime/types";
import type { Data, SidebarItem } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Width of the sidebar beside the article on large screens (docs/article-pages.md#sidebar). */
export const SIDEBAR_WIDTH = 312;
const SIDEBAR_TITLES = { latest: "Lo último", mostRead: "Lo más leído" } as const;

function NumberedList({ id, title, items }: { id: string; title: string; items: SidebarItem[] }) {
  if (!items.length) return null;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.title}>
        {title}
      </h2>
      <ol className={styles.list}>
        {items.map((item, index) => (
          <li key={item.url} className={styles.item}>
            <span className={styles.number} aria-hidden="true">
              {index + 1}
            </span>
            <a href={item.url}>{item.title}</a>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function NewsSidebar({ id, data }: BlockProps<Settings, Data>) {
  const style = { "--sidebar-width": `${SIDEBAR_WIDTH}px` } as CSSProperties;
  return (
    <aside className={styles.sidebar} style={style} data-sidebar="">
      <NumberedList id={`${id}-latest`} title={SIDEBAR_TITLES.latest} items={data?.latest ?? []} />
      <NumberedList id={`${id}-most-read`} title={SIDEBAR_TITLES.mostRead} items={data?.mostRead ?? []} />
    </aside>
  );
}
