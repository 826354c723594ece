import type { BlockProps } from "../../runtime/types";
import { formatLongDate } from "../_shared/format";
import { responsiveImage } from "../_shared/images";
import { loadMoreListId } from "../_shared/loadMore";
import { LoadMoreButton } from "../_shared/LoadMoreButton";
import type { Data, PrintEdition } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const VIEW_PRINT_LABEL = "Ver impresa";
/** The label of the "more years" control (left open by the spec: docs/archives.md#print-archive). */
export const MORE_YEARS_LABEL = "Ver años anteriores";
export const LATEST_LABEL = "Última edición";

/** Covers are 3:4. */
const coverImage = (url: string, width: number, priority = false) => ({
  ...responsiveImage(url, { srcWidth: width, maxWidth: priority ? 960 : 480, sizes: "(min-width: 768px) 320px, 60vw", priority }),
  width,
  height: Math.round((width * 4) / 3),
});

/** The link to the archive of the day an edition came out. */
function DayLink({ edition, className }: { edition: PrintEdition; className?: string }) {
  const date = formatLongDate(edition.date);
  return (
    <a className={className} href={edition.archive} aria-label={`Archivo del ${date}`}>
      <time dateTime={edition.day}>{date}</time>
    </a>
  );
}

/** A print card: cover, headline (the card's link), the day's archive and the subheadline (80 characters). */
function PrintCard({ edition }: { edition: PrintEdition }) {
  return (
    <article className={styles.card}>
      {edition.image && <img className={styles.cover} {...coverImage(edition.image.url, 320)} alt={edition.image.alt} />}
      <h4 className={styles.headline}>
        <a href={edition.url}>{edition.headline}</a>
      </h4>
      <DayLink edition={edition} className={styles.day} />
      {edition.subheadline && <p className={styles.subheadline}>{edition.subheadline}</p>}
    </article>
  );
}

/** The latest edition: cover, headline, date, subheadline, 'Ver impresa' and the day's archive. */
function Latest({ id, edition }: { id: string; edition: NonNullable<Data["latest"]> }) {
  return (
    <section className={styles.hero} aria-labelledby={`${id}-ultima`}>
      {edition.image && <img className={styles.heroCover} {...coverImage(edition.image.url, 480, true)} alt={edition.image.alt} />}
      <div className={styles.heroText}>
        <p className={styles.kicker}>{LATEST_LABEL}</p>
        <h2 id={`${id}-ultima`} className={styles.heroHeadline}>
          <a href={edition.url}>{edition.headline}</a>
        </h2>
        <DayLink edition={edition} className={styles.heroDay} />
        {edition.subheadline && <p className={styles.heroSubheadline}>{edition.subheadline}</p>}
        {edition.print && (
          <p className={styles.actions}>
            <a className={styles.print} href={edition.print} target="_blank" rel="noopener noreferrer">
              {VIEW_PRINT_LABEL}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}

/** The print-edition archive (docs/archives.md#print-archive). */
export default function PrintArchive({ id, pageId, data }: BlockProps<Settings, Data>) {
  return (
    <div className={styles.archive}>
      {data.latest && <Latest id={id} edition={data.latest} />}
      <section className={styles.years} aria-labelledby={`${id}-titulo`}>
        <h2 id={`${id}-titulo`} className={styles.title}>
          {data.title}
        </h2>
        <ul id={loadMoreListId(id)} className={styles.yearList} data-load-more-list="">
          {data.years.map(({ year, editions }) => (
            <li key={year} data-key={String(year)} className={styles.year}>
              <h3 className={styles.yearHeading}>{year}</h3>
              <ul className={styles.grid}>
                {editions.map((edition) => (
                  <li key={edition.id}>
                    <PrintCard edition={edition} />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        {data.next !== undefined && (
          <div className={styles.more}>
            <LoadMoreButton pageId={pageId} blockId={id} next={data.next} label={MORE_YEARS_LABEL} className={styles.button} />
          </div>
        )}
      </section>
    </div>
  );
}
