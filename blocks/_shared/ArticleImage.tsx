// The article image component (docs/article-pages.md#article-image): a responsive image that never
// shifts the page, with the credit line "caption | Foto: names". Without a url it shows a placeholder
// (fallback on) or nothing (fallback off). It renders ImageData (./imageData.ts), read from the ANS
// image on the server.
import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS } from "../../domain/images";
import { creditLine, type ImageData } from "./imageData";
import { imageSrcSet, imageUrl } from "./images";
import styles from "./ArticleImage.module.css";

/** The sizes hint: the body column is at most 800 px wide. */
export const DEFAULT_IMAGE_SIZES = "(min-width: 1024px) 800px, 100vw";
export const LOADING_TEXT = "Cargando...";

export interface ArticleImageProps extends Partial<ImageData> {
  /** Show the caption and credit line (only when there is an image). Default on. */
  showCaption?: boolean;
  /** With no url: show a placeholder box with a spinner (on) or nothing (off). Default off. */
  fallback?: boolean;
  /** The lead image above the fold: loaded eagerly with high priority instead of lazily. */
  lead?: boolean;
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
  // React 18 does not know fetchPriority yet: the lowercase attribute passes through as it is.
  const priority = lead ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  return (
    <figure className={classes}>
      <img
        className={styles.image}
        src={imageUrl(url, IMAGE_BREAKPOINTS.lg)}
        srcSet={imageSrcSet(url)}
        sizes={imageSrcSet(url) ? sizes : undefined}
        alt={alt ?? caption ?? ""}
        width={known ? width : DEFAULT_ASPECT.width * 80}
        height={known ? height : DEFAULT_ASPECT.height * 80}
        style={known ? undefined : { aspectRatio: ratio, objectFit: "cover" }}
        loading={lead ? "eager" : "lazy"}
        decoding={lead ? "sync" : "async"}
        {...priority}
      />
      {line ? <figcaption className={styles.caption}>{line}</figcaption> : null}
    </figure>
  );
}
