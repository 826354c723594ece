import type { BlockProps } from "../../runtime/types";
import { Collapsible } from "../_shared/Collapsible";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const UPDATES_TITLE = "Actualizaciones";

/** 'Actualizaciones' (docs/article-pages.md#collapsible-blocks): folded at first on phones, always open on large screens. */
export default function LiveSidebar({ id, data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <Collapsible id={`${id}-actualizaciones`} title={UPDATES_TITLE} open={false} className={styles.sidebar}>
      <ol className={styles.updates}>
        {data.updates.map((update) => (
          <li key={update.href}>
            <a href={update.href}>
              <time className={styles.time}>{update.time}</time> {update.text}
            </a>
          </li>
        ))}
      </ol>
    </Collapsible>
  );
}
