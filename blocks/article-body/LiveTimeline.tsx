// A live blog's body (docs/article-pages.md#live-blog): the introduction, then 'Encuentra aquí lo
// último' (folds on phones, open at first) with the updates as a timeline, each with its time; and
// 'Regresar' (phones only), a link back to the top of the article. Server HTML only.
import { Collapsible } from "../_shared/Collapsible";
import { renderItem } from "./elements";
import type { HouseAd } from "../_shared/houseAd";
import type { Timeline } from "./timeline";
import styles from "./styles.module.css";

export const LIVE_LATEST_TITLE = "Encuentra aquí lo último";
export const BACK_LABEL = "Regresar";
/** Where 'Regresar' goes: the top of the article (the page's <main>). */
const ARTICLE_TOP = "#contenido";

export function LiveTimeline({ timeline, id, house }: { timeline: Timeline; id: string; house: HouseAd }) {
  return (
    <>
      {timeline.intro.map((item, position) => renderItem(item, position, house))}
      {timeline.entries.length ? (
        <Collapsible id={`${id}-lo-ultimo`} title={LIVE_LATEST_TITLE} open>
          <ol className={styles.timeline} data-live-timeline="">
            {timeline.entries.map((entry) => (
              <li key={entry.id} id={entry.id} className={styles.entry}>
                <time className={styles.entryTime} dateTime={entry.datetime}>
                  {entry.time}
                </time>
                <div className={styles.entryBody}>{entry.items.map((item, position) => renderItem(item, position, house))}</div>
              </li>
            ))}
          </ol>
        </Collapsible>
      ) : null}
      <a className={styles.back} href={ARTICLE_TOP} data-back-to-top="">
        {BACK_LABEL}
      </a>
    </>
  );
}
