// A gallery's photos as server HTML (docs/article-pages.md#gallery-page): a carousel of buttons, each
// photo with its subtitle and caption, and a slide counter. The gallery page and a gallery inside an
// article's body both draw it; their enhancers start it with ./galleryStart.ts (the carousel, the
// counter, the full-screen viewer on a click). Photos are keyed by position: two photos that share
// an image are both shown.
import type { ReactNode } from "react";
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import { Carousel } from "./Carousel";
import { creditLine, type ImageData } from "./imageData";
import { responsiveImage } from "./images";
import styles from "./GalleryCarousel.module.css";

/** Gallery images are 260 px wide on phones and 470 px on large screens (docs/article-pages.md#gallery-page). */
export const GALLERY_IMAGE_SIZES = "(min-width: 1024px) 470px, 260px";

export const openLabel = (position: number, total: number) => `Ver la foto ${position} de ${total} en pantalla completa`;

export interface GalleryCarouselProps {
  /** The gallery's title: its accessible name and the viewer's share text. */
  title: string;
  images: ImageData[];
  /** The first photo is the page's lead (loaded first); false for a gallery further down. */
  priority?: boolean;
  /** Data attributes of the gallery's section (the gallery page's paywall flag and modal). */
  attributes?: Record<string, string | undefined>;
  /** What the gallery carries besides its photos (the gallery page's modal templates). */
  children?: ReactNode;
}

export function GalleryCarousel({ title, images, priority = false, attributes, children }: GalleryCarouselProps) {
  const total = images.length;
  return (
    <section className={styles.gallery} aria-label={title ? `Galería: ${title}` : "Galería"} data-gallery="" data-gallery-title={title} {...attributes}>
      <p className={styles.counter} aria-live="polite">
        <span data-gallery-current="">1</span> / {total}
      </p>
      <Carousel
        label={title ? `Fotos de la galería: ${title}` : "Fotos de la galería"}
        slideClassName={styles.slideItem}
        slides={images.map((image, index) => {
          const line = creditLine(image.caption, image.credit);
          return {
            key: String(index),
            content: (
              <figure className={styles.slide}>
                <button type="button" className={styles.open} data-gallery-open={index} aria-label={openLabel(index + 1, total)}>
                  <img
                    className={styles.image}
                    alt={image.alt ?? image.caption ?? image.subtitle ?? ""}
                    data-subtitle={image.subtitle}
                    data-caption={line || undefined}
                    {...responsiveImage(image.url, {
                      srcWidth: IMAGE_BREAKPOINTS.md,
                      maxWidth: IMAGE_BREAKPOINTS.xl,
                      sizes: GALLERY_IMAGE_SIZES,
                      priority: priority && index === 0,
                    })}
                  />
                </button>
                {image.subtitle || line ? (
                  <figcaption className={styles.caption}>
                    {image.subtitle ? <strong className={styles.subtitle}>{image.subtitle}</strong> : null}
                    {line}
                  </figcaption>
                ) : null}
              </figure>
            ),
          };
        })}
      />
      {children}
    </section>
  );
}
