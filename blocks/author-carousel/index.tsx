import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { imageUrl } from "../_shared/images";
import { ListingSection } from "../_shared/Listing";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Author photo box (px). */
const PHOTO_SIZE = 96;

/** The author carousel (docs/opinion-and-authors.md#author-carousel): photo and name, each a link to the author's page. */
export default function AuthorCarousel({ id, data }: BlockProps<Settings, Data>) {
  const label = data.title || "Autores";
  return (
    <ListingSection id={id} title={data.title} className={styles.block}>
      <Carousel
        label={label}
        navigation={data.arrows}
        slideClassName={styles.slide}
        arrowsOutside
        slides={data.authors.map((author) => ({
          key: author.id,
          content: (
            <a className={styles.author} href={author.href}>
              {author.image ? (
                <img className={styles.photo} src={imageUrl(author.image, 480)} width={PHOTO_SIZE} height={PHOTO_SIZE} alt="" loading="lazy" decoding="async" />
              ) : (
                <span className={styles.photo} aria-hidden="true" />
              )}
              <span className={styles.name}>{author.name}</span>
            </a>
          ),
        }))}
      />
    </ListingSection>
  );
}
