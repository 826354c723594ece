// The article image component (docs/article-pages.md#article-image): a responsive image that never
// shifts the page, with the credit line "caption | Foto: names". Without a url it shows a placeholder
// (fallback on) or nothing (fallback off). It renders ImageData (./imageData.ts), read from the ANS
// image on the server.
import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS } from "../../domain/images";
import { creditLine, type ImageData } from "./imageData";
import { responsiveImage } from "./images";
import styles from "./ArticleImage.module.css";

/** The sizes hint of the lead image: the body column is at most 800 px wide (lazy images say "auto"). */
export const DEFAULT_IMAGE_SIZES = "(min-width: 1024px) 800px, 100vw";
const LOADING_TEXT = "Cargando...";

export interface ArticleImageProps extends Partial<ImageData> {
  /** Show the caption and credit line (only when there is an image). Default on. */
  showCaption?: boolean;
  /** With no url: show a placeholder box with a spinner (on) or nothing (off). Default off. */
  fallback?: boolean;
  /** The lead image above the fold: loaded eagerly with high priority instead of lazily. */
  lead?: boolean;
  /** The sizes hint when the image is the lead (a lazy image is sized by its layout: sizes="auto"). */
  sizes?: string;
  className?: string;
}

export function ArticleImage({
  url,
  alt,
  caption,
  credit,
  width,
  height,
  showCaption = true,
  fallback = false,
  lead = false,
  sizes = DEFAULT_IMAGE_SIZES,
  className,
}: ArticleImageProps) {
  const known = Boolean(width && height);
  const ratio = known ? `${width} / ${height}` : `${DEFAULT_ASPECT.width} / ${DEFAULT_ASPECT.height}`;
  const classes = [styles.figure, className].filter(Boolean).join(" ");
  if (!url) {
    if (!fallback) return null;
    return (
      <div className={[styles.placeholder, className].filter(Boolean).join(" ")} style={{ aspectRatio: ratio }} role="status" data-image-placeholder="">
        <span className={styles.spinner} aria-hidden="true" />
        <span className="visually-hidden">{LOADING_TEXT}</span>
      </div>
    );
  }
  const line = showCaption ? creditLine(caption, credit) : "";
  return (
    <figure className={classes}>
      <img
        className={styles.image}
        {...responsiveImage(url, {
          srcWidth: IMAGE_BREAKPOINTS.lg,
          maxWidth: IMAGE_BREAKPOINTS.xl,
          sizes,
          priority: lead,
        })}
        {...(known ? { width, height } : {})}
        alt={alt ?? caption ?? ""}
        style={known ? undefined : { aspectRatio: ratio, objectFit: "cover" }}
      />
      {line ? <figcaption className={styles.caption}>{line}</figcaption> : null}
    </figure>
  );
}
