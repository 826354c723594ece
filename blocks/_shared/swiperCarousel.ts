// The browser half of Carousel.tsx: Swiper on the server's markup, and the dots under it (one per
// position the width allows, the active one marked). A carousel block's enhance.ts is this, and it
// loads Swiper only when a carousel comes near the screen: pages without a carousel never load it,
// and a carousel further down does not compete with what the reader sees first (until then the
// server's list scrolls natively). Constants: docs/carousels-and-blocks.md#swiper-constants.
import type Swiper from "swiper";
import type { SwiperOptions } from "swiper/types";
import styles from "./Carousel.module.css";

/** Pixels a touch must travel before the carousel moves. */
export const SWIPER_TOUCH_THRESHOLD = 20;
/** Gap between slides (px) from SLIDE_GAP_BREAKPOINT wide up, and below it. */
export const SLIDE_GAP = 16;
export const SLIDE_GAP_SMALL = 8;
export const SLIDE_GAP_BREAKPOINT = 1024;

export const goToLabel = (position: number) => `Ir a la diapositiva ${position}`;

/** How far below the screen a carousel starts loading Swiper. */
const LOAD_MARGIN = "400px";

/** Swiper's options for our markup (exported so that a test can check the constants). */
export function swiperOptions(prevEl: HTMLElement | null, nextEl: HTMLElement | null): SwiperOptions {
  return {
    slidesPerView: "auto",
    spaceBetween: SLIDE_GAP_SMALL,
    breakpoints: { [SLIDE_GAP_BREAKPOINT]: { spaceBetween: SLIDE_GAP } },
    threshold: SWIPER_TOUCH_THRESHOLD,
    watchOverflow: true,
    navigation: { prevEl, nextEl, addIcons: false },
  };
}

async function startCarousel(carousel: HTMLElement): Promise<void> {
  const viewport = carousel.querySelector<HTMLElement>(".swiper");
  if (!viewport) return;
  let swiper: Swiper;
  try {
    const { Swiper, Navigation } = await import("./swiperBundle");
    const options = swiperOptions(carousel.querySelector(".swiper-button-prev"), carousel.querySelector(".swiper-button-next"));
    swiper = new Swiper(viewport, { ...options, modules: [Navigation] });
  } catch (error) {
    // A browser Swiper cannot run in keeps the server's scrollable list: still usable, nothing thrown.
    console.error("carousel: swiper could not start:", error instanceof Error ? error.message : error);
    return;
  }
  const dots = carousel.querySelector<HTMLElement>("[data-carousel-dots]");
  const sync = () => {
    if (!dots) return;
    const count = swiper.isLocked || swiper.snapGrid.length < 2 ? 0 : swiper.snapGrid.length;
    if (dots.childElementCount !== count) {
      dots.replaceChildren(
        ...Array.from({ length: count }, (_, index) => {
          const dot = document.createElement("button");
          dot.type = "button";
          dot.className = styles.dot;
          dot.setAttribute("aria-label", goToLabel(index + 1));
          dot.addEventListener("click", () => swiper.slideTo(index));
          return dot;
        }),
      );
    }
    [...dots.children].forEach((dot, index) => {
      const active = index === swiper.snapIndex;
      dot.classList.toggle(styles.activeDot, active);
      if (active) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  swiper.on("snapIndexChange", sync);
  swiper.on("snapGridLengthChange", sync);
  swiper.on("resize", sync);
  sync();
}

/** Starts every carousel in a block's frame as it comes near the screen (at once where that cannot be told). */
export function enhanceCarousels(frame: HTMLElement): void {
  const carousels = [...frame.querySelectorAll<HTMLElement>("[data-carousel]")];
  if (typeof IntersectionObserver === "undefined") {
    carousels.forEach((carousel) => void startCarousel(carousel));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void startCarousel(entry.target as HTMLElement);
      }
    },
    { rootMargin: LOAD_MARGIN },
  );
  carousels.forEach((carousel) => observer.observe(carousel));
}
