// The images of a gallery page (docs/article-pages.md#gallery-page), read on the server: a gallery
// story's promo_items.gallery, else a gallery document's own images, else the first gallery element
// of its body. Every photo in its place: two photos that share an image are both shown (keyed by
// position, not by url).
import { imageData, type ImageData } from "./imageData";

function imagesOf(elements: unknown): ImageData[] {
  if (!Array.isArray(elements)) return [];
  return elements
    .filter((element) => element && typeof element === "object" && (element as any).type !== "text")
    .map(imageData)
    .filter((image): image is ImageData => Boolean(image));
}

export function galleryImages(article: Record<string, any> | undefined): ImageData[] {
  if (!article) return [];
  let images = imagesOf(article.promo_items?.gallery?.content_elements);
  if (!images.length && article.type === "gallery") images = imagesOf(article.content_elements);
  if (!images.length && Array.isArray(article.content_elements)) {
    const gallery = article.content_elements.find((element: any) => element?.type === "gallery");
    images = imagesOf(gallery?.content_elements);
  }
  return images;
}

/** The urls a gallery page shows in its carousel: the body and the header leave them out. */
export function galleryUrls(article: Record<string, any> | undefined): Set<string> {
  return new Set(galleryImages(article).map((image) => image.url));
}
