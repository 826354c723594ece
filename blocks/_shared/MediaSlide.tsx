// A slide of a slider that fills its width (hero sliders, the forums gallery slider): the image, and
// over its lower part a label and a headline linked to the story, or under it a photo's caption.
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import { responsiveImage } from "./images";
import styles from "./MediaSlide.module.css";

/** A full-width slide's image is as wide as the main column (2/3 of the page) on large screens. */
const SLIDE_IMAGE_SIZES = `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 66vw, 100vw`;

export interface MediaSlideProps {
  image: { url: string; alt: string };
  /** The headline over the image, linked when `href` is given. */
  headline?: string;
  href?: string;
  /** A small label above the headline (the section). */
  label?: string;
  /** A caption under the image (a gallery's photo). */
  caption?: string;
  /** Heading level of the headline. */
  headingLevel?: 2 | 3;
  /** The first slide of a slider at the top of the page: its image loads at once. */
  priority?: boolean;
}

export function MediaSlide({ image, headline, href, label, caption, headingLevel = 3, priority = false }: MediaSlideProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className={styles.slide}>
      <div className={styles.media}>
        <img
          className={styles.image}
          alt={image.alt}
          {...responsiveImage(image.url, { srcWidth: IMAGE_BREAKPOINTS.md, maxWidth: IMAGE_BREAKPOINTS.xl, sizes: SLIDE_IMAGE_SIZES, priority })}
        />
        {headline && (
          <div className={styles.overlay}>
            {label && <span className={styles.label}>{label}</span>}
            <Heading className={styles.headline}>{href ? <a href={href}>{headline}</a> : headline}</Heading>
          </div>
        )}
      </div>
      {caption && <figcaption className={styles.caption}>{caption}</figcaption>}
    </figure>
  );
}
