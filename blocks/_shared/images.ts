// Responsive images: locally stored images (/images/...) are served in resized variants; the
// breakpoints are those of spec/articles.md §9 (sm 0, md 1, lg 2, xl 3), default aspect 16:9.

export const IMAGE_BREAKPOINTS = { sm: 480, md: 768, lg: 1024, xl: 1440 } as const;
export const IMAGE_WIDTHS: number[] = Object.values(IMAGE_BREAKPOINTS);
export const DEFAULT_ASPECT = { width: 16, height: 9 } as const;

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
