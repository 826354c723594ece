import { IMAGE_BREAKPOINTS } from "../../domain/images";
import type { BlockProps } from "../../runtime/types";
import { responsiveImage } from "../_shared/images";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const SPECIALS_TITLE = "Especiales";
export const SCROLL_DOWN_LABEL = "Bajar al contenido";
/** Where the scroll-down button goes: just below the hero. */
export const CONTENT_ANCHOR = "contenido-especial";

/**
 * The special report's full-screen header (docs/article-pages.md#layouts): 'Especiales' and
 * the product's name over the lead photo (darkened so that the transparent site header and the title
 * read on it), and a scroll-down button, a plain link to just below. Server HTML only.
 */
export default function SpecialHero({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <section className={styles.hero} aria-label={`${SPECIALS_TITLE} ${data.product}`} data-special-hero="">
      {data.image ? (
        <img
          className={styles.photo}
          alt=""
          {...responsiveImage(data.image.url, { srcWidth: IMAGE_BREAKPOINTS.lg, maxWidth: IMAGE_BREAKPOINTS.xl, sizes: "100vw", priority: true })}
        />
      ) : null}
      <div className={styles.shade} aria-hidden="true" />
      <p className={styles.title}>
        <span className={styles.specials}>{SPECIALS_TITLE}</span> <span className={styles.product}>{data.product}</span>
      </p>
      <a className={styles.scroll} href={`#${CONTENT_ANCHOR}`} aria-label={SCROLL_DOWN_LABEL} data-scroll-down="">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M5 9l7 7 7-7" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      <span id={CONTENT_ANCHOR} className={styles.anchor} />
    </section>
  );
}
