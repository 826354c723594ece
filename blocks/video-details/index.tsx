import type { BlockProps } from "../../runtime/types";
import { formatLongDateTime } from "../_shared/format";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The video's published date, duration and description (docs/article-pages.md#video-page). Static. */
export default function VideoDetails({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  const date = formatLongDateTime(data.published);
  return (
    <section className={styles.details} aria-label="Datos del video" data-video-details="">
      <p className={styles.meta}>
        {date ? (
          <span>
            Publicado: <time dateTime={data.published}>{date}</time>
          </span>
        ) : null}
        {data.duration ? (
          <span>
            Duración: <time dateTime={data.duration.iso}>{data.duration.label}</time>
          </span>
        ) : null}
      </p>
      {data.description ? <p className={styles.description}>{data.description}</p> : null}
    </section>
  );
}
