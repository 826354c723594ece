import type { BlockProps } from "../../runtime/types";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The video channel's navigation bar: five links, the current page's marked (docs/video-channel.md#navigation-bar). */
export default function VideoNav({ data }: BlockProps<Settings, Data>) {
  return (
    <nav className={styles.bar} aria-label="Semana TV">
      <div className={`container ${styles.inner}`}>
        <span className={styles.brand} aria-hidden="true">
          Semana <strong>TV</strong>
        </span>
        <ul className={styles.items}>
          {data.items.map((item) => (
            <li key={item.href}>
              <a className={styles.item} href={item.href} aria-current={item.href === data.active ? "page" : undefined}>
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}
