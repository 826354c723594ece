import type { BlockProps } from "../../runtime/types";
import { GalleryCarousel } from "../_shared/GalleryCarousel";
import type { Data, GalleryModals } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export { GALLERY_IMAGE_SIZES, openLabel } from "../_shared/GalleryCarousel";

/**
 * The gallery (docs/article-pages.md#gallery-page): every photo in the page's HTML as a carousel of
 * buttons (260 px wide on phones, 470 px from 1024 px) with a slide counter; enhance.ts starts the
 * carousel and, on a click, opens the full-screen viewer at that photo.
 */
export default function GalleryViewer({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <GalleryCarousel
      title={data.title}
      images={data.images}
      priority
      attributes={{
        "data-paywall-cut": data.locked ? "" : undefined,
        "data-gallery-paywall": data.paywall ? "" : undefined,
        "data-gallery-modal": data.modal,
      }}
    >
      <ModalTemplates modals={data.modals} />
    </GalleryCarousel>
  );
}

/**
 * The gallery's modals as inert templates (docs/article-pages.md#gallery-modals): the viewer
 * (../_shared/galleryViewer.ts) shows the one the reader's login state and the paywall flag call for.
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
