// A horizontal carousel, rendered on the server as a plain scrollable list (the first slides visible
// before any JavaScript); in the browser the carousel enhancer (swiperCarousel.ts) starts Swiper on this
// same markup, so nothing moves when it takes over and the block needs no React there.
// Constants: docs/carousels-and-blocks.md#swiper-constants.
import type { ReactNode } from "react";
import "./swiper.css";
import styles from "./Carousel.module.css";

export const PREV_LABEL = "Diapositiva anterior";
export const NEXT_LABEL = "Diapositiva siguiente";
const CAROUSEL_ROLE = "carrusel";
const SLIDE_ROLE = "diapositiva";

interface CarouselSlide {
  key: string;
  content: ReactNode;
}

/**
 * How a carousel moves once Swiper runs (docs/carousels-and-blocks.md#carousel-behaviour), written
 * on its markup for the enhancer: data-slider, data-loop, data-autoplay, data-autoplay-stop.
 */
export interface CarouselMotion {
  /** The slider defaults (speed, touch threshold, long swipes) instead of the carousel's. */
  slider?: boolean;
  /** Past the last slide comes the first again. */
  loop?: boolean;
  /** Moves on by itself every `delay` ms; it goes on after the reader moves it. */
  autoplay?: { delay: number; stopOnLastSlide?: boolean };
}

export interface CarouselProps {
  /** Accessible name of the carousel (usually its title). */
  label: string;
  slides: CarouselSlide[];
  dark?: boolean;
  /** An extra class on every slide (a block's own slide width). */
  slideClassName?: string;
  /** Show the previous/next arrows (default); the author carousel shows them only past 7 authors. */
  navigation?: boolean;
  /** On a wide carousel, keep the arrows beside the slides instead of over them (slides of text). */
  arrowsOutside?: boolean;
  /** One slide fills the carousel's width (hero and gallery sliders); otherwise several show. */
  single?: boolean;
  motion?: CarouselMotion;
}

function Arrow() {
  return (
    <svg className="swiper-navigation-icon" width="11" height="20" viewBox="0 0 11 20" aria-hidden="true" focusable="false">
      <path d="M1 1l9 9-9 9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Carousel({
  label,
  slides,
  dark = false,
  slideClassName,
  navigation = true,
  arrowsOutside = false,
  single = false,
  motion = {},
}: CarouselProps) {
  return (
    <div
      className={[styles.carousel, dark ? styles.dark : "", arrowsOutside && navigation ? styles.arrowsOutside : "", single ? styles.single : ""]
        .filter(Boolean)
        .join(" ")}
      role="region"
      aria-roledescription={CAROUSEL_ROLE}
      aria-label={label}
      data-carousel=""
      data-slider={motion.slider ? "" : undefined}
      data-loop={motion.loop ? "" : undefined}
      data-autoplay={motion.autoplay ? String(motion.autoplay.delay) : undefined}
      data-autoplay-stop={motion.autoplay?.stopOnLastSlide ? "last" : undefined}
    >
      <div className={styles.frame}>
        <div className={`swiper ${styles.viewport}`}>
          <ul className={`swiper-wrapper ${styles.track}`}>
            {slides.map((slide, index) => (
              <li
                key={slide.key}
                className={["swiper-slide", styles.slide, slideClassName].filter(Boolean).join(" ")}
                aria-roledescription={SLIDE_ROLE}
                aria-label={`${index + 1} de ${slides.length}`}
              >
                {slide.content}
              </li>
            ))}
          </ul>
        </div>
        {navigation && (
          <>
            <button type="button" className={`swiper-button-prev ${styles.nav}`} aria-label={PREV_LABEL}>
              <Arrow />
            </button>
            <button type="button" className={`swiper-button-next ${styles.nav}`} aria-label={NEXT_LABEL}>
              <Arrow />
            </button>
          </>
        )}
      </div>
      {/* The enhancer adds one dot per position once it knows how many the width allows, and the
          pause button of an autoplaying carousel. */}
      <div className={styles.controls}>
        <div className={styles.dots} data-carousel-dots="" />
      </div>
    </div>
  );
}
