// A recommendation widget of the article body (docs/ads-and-widgets.md#widgets), at its fixed
// height: the site's own recommendations (a grid of related stories, the most-read list, the latest
// video or videos), or an empty placeholder of the same height for a contracted third party's script.
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import { responsiveImage } from "../_shared/images";
import { WIDGETS } from "../../brands/widgets";
import type { RecommendationCard, WidgetItem } from "../_shared/body/widgets";
import styles from "./widgets.module.css";

function Thumb({ card }: { card: RecommendationCard }) {
  if (!card.image) return <span className={styles.noImage} aria-hidden="true" />;
  return (
    <img
      className={styles.image}
      alt=""
      {...responsiveImage(card.image.url, { srcWidth: IMAGE_BREAKPOINTS.sm, maxWidth: IMAGE_BREAKPOINTS.md, sizes: "auto" })}
    />
  );
}

export function Widget({ item }: { item: WidgetItem }) {
  const widget = WIDGETS[item.widget];
  if ("thirdParty" in item) {
    // The vendor's script fills this box; it keeps the widget's height whether or not it comes.
    return (
      <div
        className={styles.reserved}
        data-widget={item.widget}
        data-widget-provider={item.thirdParty.provider}
        data-widget-placement={item.thirdParty.placement}
        style={{ height: widget.height }}
      />
    );
  }
  const kind = widget.recommends;
  return (
    <aside
      className={`${styles.widget} ${styles[kind]}`}
      data-widget={item.widget}
      data-recommendations={kind}
      style={{ height: widget.height }}
      aria-label={widget.label}
    >
      <p className={styles.title}>{widget.label}</p>
      {kind === "video" ? (
        <a className={styles.feature} href={item.cards[0].url}>
          <Thumb card={item.cards[0]} />
          <span className={styles.featureTitle}>
            <span className={styles.play} aria-hidden="true">
              ▶
            </span>
            {item.cards[0].title}
          </span>
        </a>
      ) : (
        <ol className={styles.list}>
          {item.cards.map((card) => (
            <li key={card.url} className={styles.card}>
              <a href={card.url}>
                <Thumb card={card} />
                <span className={styles.cardTitle}>{card.title}</span>
              </a>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
