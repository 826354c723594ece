import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const TRENDING_TITLE = "Tendencias";

/** The trending bar (docs/article-pages.md#trending-bar): one row of topics, scrolled sideways on phones. Static. */
export default function TrendingBar({ data }: BlockProps<Settings, Data>) {
  return (
    <nav className={styles.bar} aria-label={TRENDING_TITLE} data-trending-bar="">
      <div className={`container ${styles.inner}`}>
        <span className={styles.title}>{TRENDING_TITLE}</span>
        <ul className={styles.list}>
          {data.links.map((link) => (
            <li key={link.href}>
              <a className={styles.link} href={link.href}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
