// A gallery's browser code (./GalleryCarousel.tsx), loaded by the enhancers of the gallery page and of
// the article body as a chunk of its own: the carousel (Swiper, loaded as the gallery nears the
// screen), its slide counter, and a click on a photo opening the full-screen viewer
// (./galleryViewer.ts, loaded on the first click) at that photo.
function startGallery(gallery: HTMLElement): void {
  const current = gallery.querySelector<HTMLElement>("[data-gallery-current]");
  const viewport = gallery.querySelector<HTMLElement>(".swiper");
  const update = () => {
    const swiper = (viewport as (HTMLElement & { swiper?: { activeIndex: number } }) | null)?.swiper;
    const slide = viewport?.querySelector<HTMLElement>(".swiper-slide");
    const index = swiper ? swiper.activeIndex : slide && viewport ? Math.round(viewport.scrollLeft / (slide.offsetWidth || 1)) : 0;
    if (current) current.textContent = String(index + 1);
  };
  viewport?.addEventListener("scroll", update, { passive: true });
  viewport?.addEventListener("transitionend", update);
  gallery.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest(".swiper-button-prev, .swiper-button-next")) window.setTimeout(update, 0);
    const open = target?.closest<HTMLElement>("[data-gallery-open]");
    if (!open) return;
    void import("./galleryViewer").then(({ openGalleryViewer }) => openGalleryViewer(gallery, Number(open.dataset.galleryOpen), open));
  });
}

/** Starts every gallery of a block's frame (an article body may hold several). */
export function startGalleries(frame: HTMLElement): void {
  const galleries = [...frame.querySelectorAll<HTMLElement>("[data-gallery]")];
  if (!galleries.length) return;
  void import("./swiperCarousel").then(({ enhanceCarousels }) => enhanceCarousels(frame));
  galleries.forEach(startGallery);
}
