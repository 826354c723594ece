// The browser half of Carousel.tsx: Swiper on the server's markup, and the dots under it (one per
// position the width allows, the active one marked). A carousel block's enhance.ts is this, and it
// loads Swiper only when a carousel comes near the screen: pages without a carousel never load it,
// and a carousel further down does not compete with what the reader sees first (until then the
// server's list scrolls natively). A carousel that autoplays also loads Swiper's Autoplay module and
// its pause button (./swiperAutoplay.ts). What runs only once Swiper is there lives in the chunks it
// loads, not here: this file is in every carousel page's first load.
// Constants: docs/carousels-and-blocks.md#swiper-constants and #slider-defaults.
import type Swiper from "swiper";
import type { SwiperOptions } from "swiper/types";
import styles from "./Carousel.module.css";

/** Pixels a touch must travel before the carousel moves. */
export const SWIPER_TOUCH_THRESHOLD = 20;
/** Gap between slides (px) from SLIDE_GAP_BREAKPOINT wide up, and below it. */
export const SLIDE_GAP = 16;
export const SLIDE_GAP_SMALL = 8;
export const SLIDE_GAP_BREAKPOINT = 1024;

/** Sliders (hero sliders, the slider block): docs/carousels-and-blocks.md#slider-defaults. */
export const SLIDER_DEFAULTS = {
  speed: 300,
  autoplayDelay: 3000,
  threshold: 5,
  longSwipesRatio: 0.5,
  longSwipesMs: 300,
} as const;

const goToLabel = (position: number) => `Ir a la diapositiva ${position}`;

/** How far below the screen a carousel starts loading Swiper. */
const LOAD_MARGIN = "400px";

/** What the markup asks of Swiper (Carousel.tsx's data attributes). */
export interface CarouselMarkupMotion {
  slider: boolean;
  loop: boolean;
  /** Autoplay delay (ms), if it autoplays. */
  autoplay?: number;
  stopOnLastSlide: boolean;
}

export function readMotion(carousel: HTMLElement): CarouselMarkupMotion {
  const delay = Number(carousel.dataset.autoplay);
  return {
    slider: carousel.dataset.slider !== undefined,
    loop: carousel.dataset.loop !== undefined,
    ...(carousel.dataset.autoplay !== undefined && Number.isInteger(delay) && delay > 0 ? { autoplay: delay } : {}),
    stopOnLastSlide: carousel.dataset.autoplayStop === "last",
  };
}

const STILL: CarouselMarkupMotion = { slider: false, loop: false, stopOnLastSlide: false };

/** Swiper's options for our markup (exported so that a test can check the constants). */
export function swiperOptions(motion: CarouselMarkupMotion = STILL): SwiperOptions {
  const options: SwiperOptions = {
    slidesPerView: "auto",
    spaceBetween: SLIDE_GAP_SMALL,
    breakpoints: { [SLIDE_GAP_BREAKPOINT]: { spaceBetween: SLIDE_GAP } },
    threshold: SWIPER_TOUCH_THRESHOLD,
    watchOverflow: true,
  };
  if (motion.slider) {
    Object.assign(options, {
      speed: SLIDER_DEFAULTS.speed,
      threshold: SLIDER_DEFAULTS.threshold,
      longSwipesRatio: SLIDER_DEFAULTS.longSwipesRatio,
      longSwipesMs: SLIDER_DEFAULTS.longSwipesMs,
    });
  }
  if (motion.loop) options.loop = true;
  if (motion.autoplay) {
    // It goes on after the reader moves the carousel (docs/carousels-and-blocks.md#carousel-behaviour);
    // without a loop it either stops on the last slide or starts over.
    options.autoplay = { delay: motion.autoplay, disableOnInteraction: false, stopOnLastSlide: motion.stopOnLastSlide };
    if (!motion.loop && !motion.stopOnLastSlide) options.rewind = true;
  }
  return options;
}

async function startCarousel(carousel: HTMLElement): Promise<void> {
  const viewport = carousel.querySelector<HTMLElement>(".swiper");
  if (!viewport) return;
  const motion = readMotion(carousel);
  // Positions of a looping carousel are its slides (Swiper moves them around); read before it starts.
  const slideCount = viewport.querySelectorAll(".swiper-slide").length;
  let swiper: Swiper;
  try {
    const [{ Swiper, wireArrows }, autoplay] = await Promise.all([import("./swiperBundle"), motion.autoplay ? import("./swiperAutoplay") : undefined]);
    swiper = new Swiper(viewport, { ...swiperOptions(motion), modules: autoplay ? [autoplay.Autoplay] : [] });
    wireArrows(swiper, carousel);
    autoplay?.autoplayControls(swiper, carousel);
  } catch (error) {
    // A browser Swiper cannot run in keeps the server's scrollable list: still usable, nothing thrown.
    console.error("carousel: swiper could not start:", error instanceof Error ? error.message : error);
    return;
  }
  const dots = carousel.querySelector<HTMLElement>("[data-carousel-dots]");
  const sync = () => {
    if (!dots) return;
    const positions = motion.loop ? slideCount : swiper.snapGrid.length;
    const count = swiper.isLocked || positions < 2 ? 0 : positions;
    if (dots.childElementCount !== count) {
      dots.replaceChildren(
        ...Array.from({ length: count }, (_, index) => {
          const dot = document.createElement("button");
          dot.type = "button";
          dot.className = styles.dot;
          dot.setAttribute("aria-label", goToLabel(index + 1));
          dot.addEventListener("click", () => (motion.loop ? swiper.slideToLoop(index) : swiper.slideTo(index)));
          return dot;
        }),
      );
    }
    const current = motion.loop ? swiper.realIndex : swiper.snapIndex;
    [...dots.children].forEach((dot, index) => {
      const active = index === current;
      dot.classList.toggle(styles.activeDot, active);
      if (active) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
  };
  swiper.on("snapIndexChange", sync);
  swiper.on("realIndexChange", sync);
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
