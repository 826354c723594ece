// Responsive images: locally stored images (/images/...) are served in resized variants at the
// widths of domain/images.ts, as AVIF, WebP or JPEG by the browser's Accept header
// (docs/decisions/0014-page-weight-and-images.md).

import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS, IMAGE_WIDTHS } from "../../domain/images";

/** True for images this server can resize (paths under /images/). */
export function isLocalImage(url: string | undefined): url is string {
  return typeof url === "string" && url.startsWith("/images/");
}

/** URL of the variant of `url` resized to `width` pixels wide (external URLs are returned as they are). */
export function imageUrl(url: string, width: number): string {
  if (!isLocalImage(url)) return url;
  const clean = url.split("?")[0];
  return `${clean}?w=${width}`;
}

/** srcset over the breakpoints, up to maxWidth; undefined for images that cannot be resized. */
export function imageSrcSet(url: string | undefined, maxWidth: number = IMAGE_BREAKPOINTS.xl): string | undefined {
  if (!isLocalImage(url)) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${imageUrl(url, w)} ${w}w`)
    .join(", ");
}

/**
 * The sizes hint of a lazy image: the browser picks from the srcset by the width the image is laid
 * out at (a lazy image is laid out before it loads), so one word fits every column and carousel.
 * Browsers without it read 100vw: the right width on a phone, a wider variant on a desktop.
 */
export const AUTO_SIZES = "auto";

export interface ResponsiveImageOptions {
  /** Width of the src variant (the srcset lets the browser pick better). */
  srcWidth: number;
  /** The widest variant in the srcset; srcWidth alone (no srcset) when it is not wider. */
  maxWidth: number;
  /** The sizes hint for an image loaded at once; lazy images use AUTO_SIZES. */
  sizes: string;
  /** Above the fold, the page's largest paint: loaded at once, first. */
  priority?: boolean;
}

/**
 * The attributes of a responsive 16:9 <img>: src, srcset and sizes, a width and height (the src
 * variant's, so the browser reserves the box before the image arrives) and how it loads. A lazy
 * image says sizes="auto"; a priority one is eager with fetchpriority="high". Images this server
 * cannot resize keep their URL and get no srcset.
 */
export function responsiveImage(url: string, options: ResponsiveImageOptions): Record<string, string | number> {
  const { srcWidth, maxWidth, priority = false } = options;
  const local = isLocalImage(url);
  const srcSet = local && maxWidth > srcWidth ? imageSrcSet(url, maxWidth) : undefined;
  return {
    src: imageUrl(url, srcWidth),
    ...(srcSet ? { srcSet, sizes: priority ? options.sizes : AUTO_SIZES } : {}),
    width: srcWidth,
    height: Math.round((srcWidth * DEFAULT_ASPECT.height) / DEFAULT_ASPECT.width),
    // React 18 does not know fetchPriority yet: the lowercase attribute passes through as it is.
    ...(priority ? { loading: "eager", fetchpriority: "high" } : { loading: "lazy" }),
  };
}
