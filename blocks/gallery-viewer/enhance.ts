// The gallery's browser half (docs/article-pages.md#gallery-page). Everything it does loads as a
// chunk of its own (../_shared/galleryStart.ts: the carousel, the counter, the full-screen viewer on
// a click), so that an article page stays within its JavaScript budget at load.
export default function enhanceGallery(frame: HTMLElement): Promise<void> {
  return import("../_shared/galleryStart").then(({ startGalleries }) => startGalleries(frame));
}
