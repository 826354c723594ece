import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { creditLine } from "../_shared/imageData";
import { responsiveImage } from "../_shared/images";
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import type { Data, GalleryModals } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Gallery images are 260 px wide on phones and 470 px on large screens (docs/article-pages.md#gallery-page). */
export const GALLERY_IMAGE_SIZES = "(min-width: 1024px) 470px, 260px";

export const openLabel = (position: number, total: number) => `Ver la foto ${position} de ${total} en pantalla completa`;

/**
 * The gallery (docs/article-pages.md#gallery-page): every photo in the page's HTML as a carousel of
 * buttons (260 px wide on phones, 470 px from 1024 px) with a slide counter; enhance.ts starts the
 * carousel and, on a click, opens the full-screen viewer at that photo.
 */
export default function GalleryViewer({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  const total = data.images.length;
  return (
    <section
      className={styles.gallery}
      aria-label={`Galería: ${data.title}`}
      data-gallery=""
      data-gallery-title={data.title}
      data-paywall-cut={data.locked ? "" : undefined}
      data-gallery-paywall={data.paywall ? "" : undefined}
      data-gallery-modal={data.modal}
    >
      <p className={styles.counter} aria-live="polite">
        <span data-gallery-current="">1</span> / {total}
      </p>
      <Carousel
        label={`Fotos de la galería: ${data.title}`}
        slideClassName={styles.slideItem}
        slides={data.images.map((image, index) => {
          const line = creditLine(image.caption, image.credit);
          return {
            key: `${index}-${image.url}`,
            content: (
              <figure className={styles.slide}>
                <button type="button" className={styles.open} data-gallery-open={index} aria-label={openLabel(index + 1, total)}>
                  <img
                    className={styles.image}
                    alt={image.alt ?? image.caption ?? ""}
                    data-caption={line || undefined}
                    {...responsiveImage(image.url, {
                      srcWidth: IMAGE_BREAKPOINTS.md,
                      maxWidth: IMAGE_BREAKPOINTS.xl,
                      sizes: GALLERY_IMAGE_SIZES,
                      priority: index === 0,
                    })}
                  />
                </button>
                {line ? <figcaption className={styles.caption}>{line}</figcaption> : null}
              </figure>
            ),
          };
        })}
      />
      <ModalTemplates modals={data.modals} />
    </section>
  );
}

/**
 * The gallery's modals as inert templates (docs/article-pages.md#gallery-modals): the viewer
 * (./viewer.ts) shows the one the reader's login state and the paywall flag call for.
 */
function ModalTemplates({ modals }: { modals: GalleryModals }) {
  const { blur, promo } = modals;
  return (
    <>
      <template data-gallery-modal="blur">
        <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby="galeria-registro-titulo" data-gallery-blur="">
          <h2 id="galeria-registro-titulo" className={styles.modalTitle}>
            {blur.title}
          </h2>
          <p>{blur.text}</p>
          <p className={styles.modalActions}>
            <a className={styles.modalPrimary} href={blur.register.href}>
              {blur.register.label}
            </a>
            <a className={styles.modalSecondary} href={blur.login.href} data-open-login="">
              {blur.login.label}
            </a>
          </p>
        </div>
      </template>
      <template data-gallery-modal="promo">
        <div className={styles.modal} role="dialog" aria-modal="true" aria-labelledby="galeria-promo-titulo" data-gallery-promo="">
          <h2 id="galeria-promo-titulo" className={styles.modalTitle}>
            {promo.title}
          </h2>
          <p className={styles.modalPrice}>{promo.price}</p>
          <p className={styles.modalActions}>
            <a className={styles.modalPrimary} href={promo.subscribe.href}>
              {promo.subscribe.label}
            </a>
            <button type="button" className={styles.modalSecondary} data-gallery-dismiss="">
              {promo.dismiss}
            </button>
          </p>
        </div>
      </template>
    </>
  );
}
