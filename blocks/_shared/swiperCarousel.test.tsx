// @vitest-environment jsdom
// How a carousel moves once the enhancer starts Swiper on the server's markup
// (docs/carousels-and-blocks.md#carousel-behaviour): the slider defaults, autoplay only where the
// markup asks for it (and with it the pause button), our own arrows. Timing is checked in Chromium
// with a fake clock (tests/e2e/carousels.spec.ts): jsdom has no layout or transitions.
import { screen, waitFor } from "@testing-library/react";
import type Swiper from "swiper";
import { renderToString } from "react-dom/server";
import { Carousel, NEXT_LABEL, PREV_LABEL, type CarouselMotion } from "./Carousel";
import { PAUSE_LABEL, PLAY_LABEL } from "./swiperAutoplay";
import { enhanceCarousels, readMotion, SLIDER_DEFAULTS, swiperOptions } from "./swiperCarousel";

/** What the browser offers: media queries, answered "no" unless asked otherwise. */
function matchMedia(matching: string[] = []) {
  window.matchMedia = ((query: string) => ({ matches: matching.includes(query), media: query, addEventListener() {}, removeEventListener() {} })) as any;
}

function serverRendered(motion?: CarouselMotion): HTMLElement {
  const frame = document.createElement("div");
  const slides = Array.from({ length: 3 }, (_, i) => ({ key: String(i), content: <p>Diapositiva {i + 1}</p> }));
  frame.innerHTML = renderToString(<Carousel label="Prueba" slides={slides} single motion={motion} />);
  document.body.replaceChildren(frame);
  enhanceCarousels(frame);
  return frame;
}

async function started(frame: HTMLElement): Promise<Swiper> {
  await waitFor(() => expect(frame.querySelector(".swiper")?.classList.contains("swiper-initialized")).toBe(true));
  return (frame.querySelector(".swiper") as HTMLElement & { swiper: Swiper }).swiper;
}

beforeEach(() => matchMedia());

describe("carousel motion", () => {
  it("reads the slider defaults, the loop and the autoplay from the markup into Swiper's options", () => {
    expect(SLIDER_DEFAULTS).toEqual({ speed: 300, autoplayDelay: 3000, threshold: 5, longSwipesRatio: 0.5, longSwipesMs: 300 });
    const carousel = (motion: CarouselMotion) => {
      const host = document.createElement("div");
      host.innerHTML = renderToString(<Carousel label="x" slides={[]} motion={motion} />);
      return host.firstElementChild as HTMLElement;
    };
    const hero = swiperOptions(readMotion(carousel({ slider: true, loop: true, autoplay: { delay: 3000 } })));
    expect(hero).toMatchObject({ speed: 300, threshold: 5, longSwipesRatio: 0.5, longSwipesMs: 300, loop: true });
    expect(hero.autoplay).toEqual({ delay: 3000, disableOnInteraction: false, stopOnLastSlide: false });
    expect(hero.rewind).toBeUndefined();
    const forums = swiperOptions(readMotion(carousel({ autoplay: { delay: 5000, stopOnLastSlide: true } })));
    expect(forums.autoplay).toEqual({ delay: 5000, disableOnInteraction: false, stopOnLastSlide: true });
    expect([forums.loop, forums.rewind, forums.threshold]).toEqual([undefined, undefined, 20]);
    // Without a loop and without stopping, an autoplaying slider starts over after the last slide.
    expect(swiperOptions(readMotion(carousel({ slider: true, autoplay: { delay: 3000 } }))).rewind).toBe(true);
    const still = swiperOptions(readMotion(carousel({})));
    expect([still.autoplay, still.loop, still.speed]).toEqual([undefined, undefined, undefined]);
  });

  it("adds Swiper's Autoplay module and a pause button only to a carousel that autoplays", async () => {
    const still = await started(serverRendered());
    expect(still.autoplay).toBeUndefined();
    expect(screen.queryByRole("button", { name: PAUSE_LABEL })).toBeNull();

    const frame = serverRendered({ autoplay: { delay: 5000, stopOnLastSlide: true } });
    const swiper = await started(frame);
    expect(swiper.autoplay.running).toBe(true);
    const pause = screen.getByRole("button", { name: PAUSE_LABEL });
    pause.click();
    expect(swiper.autoplay.running).toBe(false);
    expect(pause.getAttribute("aria-label")).toBe(PLAY_LABEL);
    pause.click();
    expect(swiper.autoplay.running).toBe(true);
    swiper.destroy();
  });

  it("starts paused for a reader who asks the system for less motion", async () => {
    matchMedia(["(prefers-reduced-motion: reduce)"]);
    const swiper = await started(serverRendered({ slider: true, loop: true, autoplay: { delay: 3000 } }));
    expect(swiper.autoplay.running).toBe(false);
    expect(screen.getByRole("button", { name: PLAY_LABEL })).toBeTruthy();
    swiper.destroy();
  });

  it("drives its arrows: 'previous' disabled at the start unless the carousel wraps around", async () => {
    const plain = await started(serverRendered());
    expect((screen.getByRole("button", { name: PREV_LABEL }) as HTMLButtonElement).disabled).toBe(true);
    plain.destroy();
    const looping = await started(serverRendered({ slider: true, loop: true, autoplay: { delay: 3000 } }));
    expect((screen.getByRole("button", { name: PREV_LABEL }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: NEXT_LABEL }) as HTMLButtonElement).disabled).toBe(false);
    looping.destroy();
  });
});
