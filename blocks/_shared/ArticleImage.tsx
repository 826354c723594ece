// The article image component (spec/articles.md §5): a responsive image that never shifts the page,
// with the credit line "caption | Foto: names". Without a url it shows a placeholder (fallback on)
// or nothing (fallback off).
import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS } from "../../domain/images";
import { imageSrcSet, imageUrl } from "./images";
import styles from "./ArticleImage.module.css";

/** Credits whose name is this template placeholder are shown as an empty label. */
export const CREDIT_PLACEHOLDER = "{name}";
export const CREDIT_SEPARATOR = " | Foto: ";
/** The sizes hint: the body column is at most 800 px wide. */
export const DEFAULT_IMAGE_SIZES = "(min-width: 1024px) 800px, 100vw";
export const LOADING_TEXT = "Cargando...";

export interface ArticleImageProps {
  url?: string;
  alt?: string;
  caption?: string;
  /** ANS credits: { by: [{ name }], affiliation: [{ name }] }. */
  credits?: unknown;
  width?: number;
  height?: number;
  /** Show the caption and credit line (only when there is an image). Default on. */
  showCaption?: boolean;
  /** With no url: show a placeholder box with a spinner (on) or nothing (off). Default off. */
  fallback?: boolean;
  /** The lead image above the fold: loaded eagerly with high priority instead of lazily. */
  lead?: boolean;
  sizes?: string;
  className?: string;
}

function names(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  return list.map((credit) => {
    const name = typeof credit?.name === "string" ? credit.name : typeof credit?.byline === "string" ? credit.byline : "";
    return name.trim() === CREDIT_PLACEHOLDER ? "" : name.trim();
  });
}

/** The credited names of an image (photographers, then agencies), placeholders emptied and dropped. */
export function creditNames(credits: unknown): string[] {
  const value = credits as { by?: unknown; affiliation?: unknown } | undefined;
  return [...names(value?.by), ...names(value?.affiliation)].filter((name) => name !== "");
}

/** "caption | Foto: Ana Pérez, Colprensa"; just the caption when nobody is credited. */
export function creditLine(caption: string | undefined, credits: unknown): string {
  const text = (caption ?? "").trim();
  const credited = creditNames(credits);
  if (!credited.length) return text;
  return text ? `${text}${CREDIT_SEPARATOR}${credited.join(", ")}` : `Foto: ${credited.join(", ")}`;
}

/** The props of an ANS image object (promo_items.basic, an image content element, a gallery image). */
export function ansImageProps(image: any): Pick<ArticleImageProps, "url" | "alt" | "caption" | "credits" | "width" | "height"> {
  if (!image || typeof image !== "object") return {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : undefined);
  const size = (value: unknown) => (typeof value === "number" && value > 0 ? value : undefined);
  return {
    url: text(image.url),
    alt: text(image.alt_text) ?? text(image.caption) ?? text(image.subtitle),
    caption: text(image.caption) ?? text(image.subtitle),
    credits: image.credits,
    width: size(image.width),
    height: size(image.height),
  };
}

export function ArticleImage({
  url,
  alt,
  caption,
  credits,
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
  const line = showCaption ? creditLine(caption, credits) : "";
  // React 18 does not know fetchPriority yet: the lowercase attribute passes through as it is.
  const priority = lead ? ({ fetchpriority: "high" } as Record<string, string>) : {};
  return (
    <figure className={classes}>
      <img
        className={styles.image}
        src={imageUrl(url, IMAGE_BREAKPOINTS.lg)}
        srcSet={imageSrcSet(url)}
        sizes={imageSrcSet(url) ? sizes : undefined}
        alt={alt ?? ""}
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
