import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { imageUrl } from "../_shared/images";
import { ListingSection } from "../_shared/Listing";
import type { Data, OpinionCard } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The link to all the columns (docs/opinion-and-authors.md#opinion-carousel). */
export const SEE_ALL_LABEL = "Ver todos";

/** Columnist photo box (px). */
const PHOTO_SIZE = 56;

/** A column as a card: who signs it, the headline (the card's one link) and the subheadline. */
function Column({ story }: { story: OpinionCard }) {
  return (
    <article className={styles.card}>
      {story.columnist && (
        <p className={styles.columnist}>
          {story.columnist.image && (
            <img
              className={styles.photo}
              src={imageUrl(story.columnist.image, 480)}
              width={PHOTO_SIZE}
              height={PHOTO_SIZE}
              alt=""
              loading="lazy"
              decoding="async"
            />
          )}
          <span className={styles.name}>{story.columnist.name}</span>
        </p>
      )}
      <h3 className={styles.headline}>
        <a href={story.url}>{story.headline}</a>
      </h3>
      {story.subheadline && <p className={styles.subheadline}>{story.subheadline}</p>}
    </article>
  );
}

/** The opinion carousel (docs/opinion-and-authors.md#opinion-carousel): latest columns and 'Ver todos'. */
export default function OpinionCarousel({ id, data }: BlockProps<Settings, Data>) {
  return (
    <ListingSection id={id} title={data.title} className={styles.block}>
      <Carousel
        label={data.title}
        slideClassName={styles.slide}
        arrowsOutside
        slides={data.items.map((story) => ({ key: story.id, content: <Column story={story} /> }))}
      />
      {data.link && (
        <p className={styles.more}>
          <a href={data.link}>{SEE_ALL_LABEL}</a>
        </p>
      )}
    </ListingSection>
  );
}
