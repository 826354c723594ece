// The forums gallery slider, the cartoons grid and the multimedia gallery in Chromium, at 390×844
// and 1366×768 (docs/carousels-and-blocks.md): the slider moves on every 5000 ms on a fake clock,
// goes on after the reader moves it and stops on the last slide; the grids load their batches with
// their own labels to the end. Swiper's Autoplay module loads only where a carousel autoplays.
import type { Page } from "@playwright/test";
import { seededCorpus } from "./corpus";
import { expect, hydrated, PORT, test } from "./fixtures";

const corpus = seededCorpus;
const count = (brand: string, section: string) =>
  corpus.documents.filter((d) => d.canonical_website === brand && d.taxonomy.primary_section._id === section).length;
const foros = (path: string) => `http://forosemana.localhost:${PORT}${path}`;

const VIEWPORTS = [
  { name: "teléfono", width: 390, height: 844 },
  { name: "escritorio", width: 1366, height: 768 },
] as const;

/** The position of the slide Swiper shows ("2 de 6" → 2). */
async function activeSlide(page: Page, blockId: string): Promise<number> {
  const label = await page.locator(`[data-block-id="${blockId}"] li.swiper-slide-active`).getAttribute("aria-label");
  return Number(label?.split(" de ")[0]);
}

/** A fake clock that stands still until the test moves it: the slider's timers run only on runFor. */
async function stoppedClock(page: Page) {
  const start = new Date("2026-11-21T17:00:00Z");
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

/**
 * Runs what moves the carousel and waits until its slide has settled: the slide's transition runs in
 * real time (CSS), and only at its end does autoplay set its next delay on the (fake) clock.
 */
async function settled(page: Page, blockId: string, move: () => Promise<unknown>) {
  // The listener is attached before the move starts (a busy machine can finish a 300 ms transition
  // before a listener sent alongside the move arrives); the handle keeps its promise for later.
  const transition = await page.locator(`[data-block-id="${blockId}"] .swiper-wrapper`).evaluateHandle((wrapper) => ({
    end: new Promise<void>((resolve) => wrapper.addEventListener("transitionend", () => resolve(), { once: true })),
  }));
  await move();
  await transition.evaluate((listened) => listened.end);
  await transition.dispose();
}

/** Brings the block's carousel near the screen (its enhancer starts Swiper) and waits for Swiper. */
async function startedCarousel(page: Page, blockId: string) {
  const carousel = page.locator(`[data-block-id="${blockId}"] [data-carousel]`);
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator(".swiper")).toHaveClass(/swiper-initialized/);
  return carousel;
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("forums gallery slider: a slide every 5000 ms, on after the reader moves it, stopped on the last", async ({ page }) => {
      await stoppedClock(page);
      await page.goto(foros("/"));
      await hydrated(page);
      const slider = await startedCarousel(page, "galeria-foros");
      await expect(slider.locator("li.swiper-slide")).toHaveCount(6);
      await expect(slider.getByRole("button", { name: "Pausar el carrusel" })).toBeVisible();
      expect(await activeSlide(page, "galeria-foros")).toBe(1);
      await page.clock.runFor(4900);
      expect(await activeSlide(page, "galeria-foros")).toBe(1);
      await settled(page, "galeria-foros", () => page.clock.runFor(200));
      expect(await activeSlide(page, "galeria-foros")).toBe(2);
      // The reader moves it on: autoplay goes on from there.
      await settled(page, "galeria-foros", () => slider.getByRole("button", { name: "Diapositiva siguiente" }).click());
      expect(await activeSlide(page, "galeria-foros")).toBe(3);
      for (const expected of [4, 5, 6]) {
        await page.clock.runFor(4900);
        expect(await activeSlide(page, "galeria-foros")).toBe(expected - 1);
        await settled(page, "galeria-foros", () => page.clock.runFor(200));
        expect(await activeSlide(page, "galeria-foros")).toBe(expected);
      }
      // The last slide: it stays there.
      await page.clock.runFor(20_000);
      expect(await activeSlide(page, "galeria-foros")).toBe(6);
      await expect(slider.getByRole("button", { name: "Diapositiva siguiente" })).toBeDisabled();
      // The dot of the last slide is the current one.
      await expect(slider.locator("[data-carousel-dots] [aria-current='true']")).toHaveAttribute("aria-label", "Ir a la diapositiva 6");
    });

    // A flow that reads the same at every width: once, on the phone (CONTRIBUTING.md#tests).
    if (viewport.name === "teléfono")
      test("forums gallery slider: the pause button stops it and starts it again", async ({ page }) => {
        await stoppedClock(page);
        await page.goto(foros("/foros-semana/galerias/"));
        await hydrated(page);
        const slider = await startedCarousel(page, "galeria-foros");
        await slider.getByRole("button", { name: "Pausar el carrusel" }).click();
        await page.clock.runFor(12_000);
        expect(await activeSlide(page, "galeria-foros")).toBe(1);
        await slider.getByRole("button", { name: "Reanudar el carrusel" }).click();
        await settled(page, "galeria-foros", () => page.clock.runFor(5000));
        expect(await activeSlide(page, "galeria-foros")).toBe(2);
      });

    test("cartoons: 5 at the top, then 4, then 2 per 'VER MÁS CARICATURAS' to the last", async ({ page }) => {
      await page.goto("/caricaturas/galeria/");
      await hydrated(page);
      const total = count("semana", "/caricaturas/galeria");
      await expect(page.locator('[data-block-id="caricaturas-recientes"] article')).toHaveCount(5);
      const grid = page.locator('[data-block-id="mas-caricaturas"]');
      const cards = grid.locator("[data-load-more-list] > li");
      await expect(cards).toHaveCount(4);
      const button = grid.getByRole("button", { name: "VER MÁS CARICATURAS" });
      for (let shown = 4; shown < total - 5;) {
        await button.click();
        shown = Math.min(shown + 2, total - 5);
        await expect(cards).toHaveCount(shown);
      }
      await expect(grid.getByRole("button")).toHaveCount(0);
      const { scrollWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth }));
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    });

    // A flow that reads the same at every width: once, on the phone (CONTRIBUTING.md#tests).
    if (viewport.name === "teléfono")
      test("multimedia gallery: the slider's 3, then 6 per 'CARGAR MÁS' to the last, on Semana's photos and the forums' galleries", async ({ page }) => {
        for (const [url, brand, section] of [
          ["/fotos/", "semana", "/fotos"],
          [foros("/foros-semana/galerias/"), "forosemana", "/foros-semana/galerias"],
        ] as const) {
          await page.goto(url);
          await hydrated(page);
          const total = count(brand, section);
          const gallery = page.locator('[data-block-id="galeria-multimedia"]');
          const cards = gallery.locator("[data-load-more-list] > li");
          await expect(cards).toHaveCount(6);
          for (let shown = 6; shown < total - 3;) {
            await gallery.getByRole("button", { name: "CARGAR MÁS" }).click();
            shown = Math.min(shown + 6, total - 3);
            await expect(cards).toHaveCount(shown);
          }
          await expect(gallery.getByRole("button")).toHaveCount(0);
        }
      });
  });
}

test("Swiper's Autoplay module loads on pages with an autoplaying carousel, not on others", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => loaded.push(request.url()));
  const scrollThrough = async () => {
    await hydrated(page);
    const height = await page.evaluate(() => document.body.scrollHeight);
    // Each step waits two frames: the carousels' IntersectionObserver looks at the page once per
    // frame, and a loop faster than the frames scrolled past carousels it never saw (a busy machine).
    const scrollAndPaint = (top: number) =>
      new Promise<void>((painted) => {
        window.scrollTo(0, top);
        requestAnimationFrame(() => requestAnimationFrame(() => painted()));
      });
    for (let y = 0; y < height; y += 500) await page.evaluate(scrollAndPaint, y);
    await expect.poll(() => page.locator(".swiper-initialized").count()).toBeGreaterThan(0);
  };
  await page.goto("/");
  await scrollThrough();
  expect(loaded.some((url) => /swiperBundle/.test(url))).toBe(true);
  expect(loaded.filter((url) => /swiperAutoplay/.test(url))).toEqual([]);
  await page.goto("/galerias/");
  await scrollThrough();
  expect(loaded.some((url) => /swiperAutoplay/.test(url))).toBe(true);
});
