// A horizontal carousel: server-rendered as a plain scrollable list (the first slides visible before
// any JavaScript), then enhanced in the browser by Swiper on the same markup, so hydration finds
// exactly the server's HTML. Constants: docs/carousels-and-blocks.md#swiper-constants.
import { useEffect, useRef, useState, type ReactNode } from "react";
import Swiper from "swiper";
import { Navigation } from "swiper/modules";
import "./swiper.css";
import styles from "./Carousel.module.css";

/** Pixels a touch must travel before the carousel moves. */
export const SWIPER_TOUCH_THRESHOLD = 20;
/** Gap between slides (px) from SLIDE_GAP_BREAKPOINT wide up, and below it. */
export const SLIDE_GAP = 16;
export const SLIDE_GAP_SMALL = 8;
export const SLIDE_GAP_BREAKPOINT = 1024;

export const PREV_LABEL = "Diapositiva anterior";
export const NEXT_LABEL = "Diapositiva siguiente";
export const CAROUSEL_ROLE = "carrusel";
export const SLIDE_ROLE = "diapositiva";
export const goToLabel = (position: number) => `Ir a la diapositiva ${position}`;

/** Swiper's options for our markup (exported so that a test can check docs/carousels-and-blocks.md#swiper-constants). */
export function swiperOptions(prevEl: HTMLElement | null, nextEl: HTMLElement | null) {
  return {
    modules: [Navigation],
    slidesPerView: "auto" as const,
    spaceBetween: SLIDE_GAP_SMALL,
    breakpoints: { [SLIDE_GAP_BREAKPOINT]: { spaceBetween: SLIDE_GAP } },
    threshold: SWIPER_TOUCH_THRESHOLD,
    watchOverflow: true,
    navigation: { prevEl, nextEl, addIcons: false },
  };
}

export interface CarouselSlide {
  key: string;
  content: ReactNode;
}

export interface CarouselProps {
  /** Accessible name of the carousel (usually its title). */
  label: string;
  slides: CarouselSlide[];
  dark?: boolean;
}

function Arrow() {
  return (
    <svg className="swiper-navigation-icon" width="11" height="20" viewBox="0 0 11 20" aria-hidden="true" focusable="false">
      <path d="M1 1l9 9-9 9" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Carousel({ label, slides, dark = false }: CarouselProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const swiperRef = useRef<Swiper | null>(null);
  // Dots depend on the width the browser measures: none on the server and on the first render.
  const [snaps, setSnaps] = useState(0);
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (!rootRef.current) return;
    let swiper: Swiper;
    try {
      swiper = new Swiper(rootRef.current, swiperOptions(prevRef.current, nextRef.current));
    } catch (error) {
      // A browser Swiper cannot run in keeps the server's scrollable list: still usable, nothing thrown.
      console.error("carousel: swiper could not start:", error instanceof Error ? error.message : error);
      return;
    }
    swiperRef.current = swiper;
    const sync = () => {
      setSnaps(swiper.isLocked ? 0 : swiper.snapGrid.length);
      setActive(swiper.snapIndex);
    };
    swiper.on("snapIndexChange", sync);
    swiper.on("snapGridLengthChange", sync);
    swiper.on("resize", sync);
    sync();
    return () => {
      swiperRef.current = null;
      swiper.destroy(true, true);
    };
  }, [slides.length]);

  return (
    <div className={[styles.carousel, dark ? styles.dark : ""].filter(Boolean).join(" ")} role="region" aria-roledescription={CAROUSEL_ROLE} aria-label={label}>
      <div className={styles.frame}>
        <div ref={rootRef} className={`swiper ${styles.viewport}`}>
          <ul className={`swiper-wrapper ${styles.track}`}>
            {slides.map((slide, index) => (
              <li key={slide.key} className={`swiper-slide ${styles.slide}`} aria-roledescription={SLIDE_ROLE} aria-label={`${index + 1} de ${slides.length}`}>
                {slide.content}
              </li>
            ))}
          </ul>
        </div>
        <button ref={prevRef} type="button" className={`swiper-button-prev ${styles.nav}`} aria-label={PREV_LABEL}>
          <Arrow />
        </button>
        <button ref={nextRef} type="button" className={`swiper-button-next ${styles.nav}`} aria-label={NEXT_LABEL}>
          <Arrow />
        </button>
      </div>
      <div className={styles.dots}>
        {snaps > 1 &&
          Array.from({ length: snaps }, (_, index) => (
            <button
              key={index}
              type="button"
              className={index === active ? `${styles.dot} ${styles.activeDot}` : styles.dot}
              aria-label={goToLabel(index + 1)}
              aria-current={index === active ? "true" : undefined}
              onClick={() => swiperRef.current?.slideTo(index)}
            />
          ))}
      </div>
    </div>
  );
}
