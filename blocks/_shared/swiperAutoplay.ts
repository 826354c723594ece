// Swiper's Autoplay module as a chunk of its own, with the controls of a carousel that moves by
// itself: swiperCarousel.ts loads it only for a carousel that autoplays (data-autoplay), so pages
// without one never load it (docs/decisions/0024-carousel-motion.md).
import type Swiper from "swiper";
import styles from "./Carousel.module.css";

export { Autoplay } from "swiper/modules";

export const PAUSE_LABEL = "Pausar el carrusel";
export const PLAY_LABEL = "Reanudar el carrusel";

/** The reader asked the system for less motion: an autoplaying carousel starts paused. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/** The pause / resume button of an autoplaying carousel, beside its dots. */
function addPauseButton(carousel: HTMLElement, swiper: Swiper): void {
  const controls = carousel.querySelector<HTMLElement>("[data-carousel-dots]")?.parentElement;
  if (!controls || !swiper.autoplay) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = styles.pause;
  button.dataset.carouselPause = "";
  const show = () => {
    const playing = swiper.autoplay.running && !swiper.autoplay.paused;
    button.setAttribute("aria-label", playing ? PAUSE_LABEL : PLAY_LABEL);
    button.textContent = playing ? "❚❚" : "▶";
  };
  button.addEventListener("click", () => {
    if (swiper.autoplay.running && !swiper.autoplay.paused) swiper.autoplay.stop();
    else swiper.autoplay.start();
    show();
  });
  swiper.on("autoplayStart", show);
  swiper.on("autoplayStop", show);
  controls.prepend(button);
  show();
}

/** What an autoplaying carousel adds once Swiper runs: paused for less motion, and its pause button. */
export function autoplayControls(swiper: Swiper, carousel: HTMLElement): void {
  if (prefersReducedMotion()) swiper.autoplay.stop();
  addPauseButton(carousel, swiper);
}
