import type { BlockProps } from "../../runtime/types";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/**
 * A fixed message with an optional link: notices and the brand's 404 page. It renders from its
 * settings alone (no server half: data is null).
 */
export default function Message({ settings }: BlockProps<Settings, null>) {
  return (
    <section className={`${styles.root} ${settings.background === "Dark" ? styles.dark : ""}`}>
      <h1 className={styles.title}>{settings.title}</h1>
      {settings.text && <p className={styles.text}>{settings.text}</p>}
      {settings.link && (
        <a className={styles.link} href={settings.link}>
          {settings.linkLabel}
        </a>
      )}
    </section>
  );
}
