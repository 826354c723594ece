// Responsive images: locally stored images (/images/...) are served in resized variants at the
// widths of domain/images.ts.

import { IMAGE_BREAKPOINTS, IMAGE_WIDTHS } from "../../domain/images";

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
