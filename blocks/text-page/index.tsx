import type { BlockProps } from "../../runtime/types";
import { formatLongDate } from "../_shared/format";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/**
 * A fixed text with headed sections, each with optional links under its paragraphs: terms of use,
 * policies, institutional pages. It renders from
 * its settings alone (no server half: data is null).
 */
export default function TextPage({ settings }: BlockProps<Settings, null>) {
  return (
    <article className={`container ${styles.root}`}>
      <h1 className={styles.title}>{settings.title}</h1>
      {settings.lead && <p className={styles.lead}>{settings.lead}</p>}
      {settings.updated && (
        <p className={styles.updated}>
          Última actualización: <time dateTime={settings.updated}>{formatLongDate(`${settings.updated}T12:00:00Z`)}</time>
        </p>
      )}
      {settings.sections.map((section, i) => (
        <section key={i}>
          {section.heading && <h2 className={styles.heading}>{section.heading}</h2>}
          {section.paragraphs.map((paragraph, j) => (
            <p key={j}>{paragraph}</p>
          ))}
          {/* Only a site path or an http(s) URL: the schema's pattern, checked when the pages load (a
              check here would put domain/urls.ts's whole link rule in every article page's JavaScript). */}
          {section.links?.map((link, j) => (
            <p key={`enlace-${j}`} className={styles.link}>
              <a href={link.href}>{link.label}</a>
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
