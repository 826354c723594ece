// The body's galleries (docs/article-pages.md#content-elements): the gallery page's carousel and
// full-screen viewer. Their code loads only on a page whose body holds a gallery.
export default function enhanceArticleBody(frame: HTMLElement): Promise<void> | void {
  if (!frame.querySelector("[data-gallery]")) return;
  return import("../_shared/galleryStart").then(({ startGalleries }) => startGalleries(frame));
}
