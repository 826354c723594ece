// Swiper's core as one chunk that swiperCarousel.ts loads on demand, with what drives our arrows. No
// module: Autoplay is a chunk of its own (./swiperAutoplay.ts) that only autoplaying carousels load,
// and importing anything from "swiper/modules" here would bring it into this chunk
// (docs/decisions/0024-carousel-motion.md).
import type Swiper from "swiper";

export { default as Swiper } from "swiper";

/**
 * The carousel's arrows (Carousel.tsx's buttons), driven here rather than by Swiper's Navigation
 * module: the module comes only through "swiper/modules", whose index reaches every module, and the
 * bundler would then put Autoplay in the chunk every carousel loads (docs/decisions/0024-carousel-motion.md).
 * As the module did: an arrow is disabled at its end (unless the carousel loops or starts over), and
 * both hide while everything fits (locked).
 */
export function wireArrows(swiper: Swiper, carousel: HTMLElement): void {
  const prev = carousel.querySelector<HTMLButtonElement>(".swiper-button-prev");
  const next = carousel.querySelector<HTMLButtonElement>(".swiper-button-next");
  const update = () => {
    const wraps = Boolean(swiper.params.loop || swiper.params.rewind);
    for (const [button, atEnd] of [
      [prev, swiper.isBeginning],
      [next, swiper.isEnd],
    ] as const) {
      if (!button) continue;
      const disabled = !wraps && atEnd;
      button.disabled = disabled;
      button.classList.toggle("swiper-button-disabled", disabled);
      button.classList.toggle("swiper-button-lock", swiper.isLocked);
    }
  };
  prev?.addEventListener("click", () => swiper.slidePrev());
  next?.addEventListener("click", () => swiper.slideNext());
  swiper.on("slideChange", update);
  swiper.on("toEdge", update);
  swiper.on("fromEdge", update);
  swiper.on("lock", update);
  swiper.on("unlock", update);
  swiper.on("resize", update);
  update();
}
