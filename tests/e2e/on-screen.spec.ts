// What a reader sees on screen, in Chromium at 390×844 and 1366×768 (issue 24, "Broken on screen"):
// the live blog's 'Regresar' reads on its button and leaves the footer's switch free, the special
// report's scroll-down button stays above the phone's bottom ad, which closes; no empty band above
// or between the header's bars. The seeded corpus is the one this file generates.
import type { Locator, Page } from "@playwright/test";
import { sectionIds } from "../../domain/ans";
import { freeForEverybody } from "../../accounts/entitlement";
import { seededCorpus } from "./corpus";
import { expect, hydrated, PORT, test } from "./fixtures";
import { PASSWORD, signUp, uniqueEmail } from "./readers";

const corpus = seededCorpus;
const published = (brand: string) =>
  (corpus.documents as Array<Record<string, any>>).filter((d) => d.canonical_website === brand && d.canonical_url && !d.related_content?.redirect?.length);
const inSection = (doc: any, id: string) => sectionIds(doc).includes(id);
const free = (doc: any) => freeForEverybody(doc.content_restrictions?.content_code, sectionIds(doc));
const semana = published("semana");
const live = semana.find((d) => inSection(d, "/live") && free(d))!;
const special = semana.find((d) => inSection(d, "/especiales"))!;
const video = semana.find((d) => inSection(d, "/videos") && d.youtube_content_id)!;
const story = semana.find((d) => d.type === "story" && inSection(d, "/nacion") && free(d))!;
const bodyGallery = (doc: any) => doc.content_elements?.find((e: any) => e.type === "gallery");
const withBodyGallery = semana.find((d) => d.type === "story" && free(d) && (bodyGallery(d)?.content_elements?.length ?? 0) >= 3)!;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const VIEWPORTS = [PHONE, DESKTOP];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** WCAG contrast of two CSS colours (rgb()/rgba() as getComputedStyle gives them). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.map(Number);
    const [R, G, B] = [r, g, bl].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** The element a tap at the middle of a locator's box lands on is the locator's element (or inside it). */
async function tapLandsOn(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, element]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return !!hit && (element as Element).contains(hit);
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

test.describe("live blog 'Regresar' on a phone", () => {
  test.use({ viewport: PHONE });

  test("reads as white on the brand's colour, and at the bottom of the page leaves the footer's dark-theme switch free", async ({ page }) => {
    await page.goto(live.canonical_url);
    await hydrated(page);
    const back = page.getByRole("link", { name: "Regresar" });
    await expect(back).toBeVisible();
    const [colour, background] = await back.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
    expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);

    const toggle = page.getByRole("switch", { name: "Tema oscuro" });
    await toggle.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(toggle).toBeVisible();
    const backBox = await back.boundingBox();
    if (backBox) expect(overlaps(backBox, (await toggle.boundingBox())!), "'Regresar' over the switch").toBe(false);
    expect(await tapLandsOn(page, toggle)).toBe(true);
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the special report's scroll-down button takes its tap, clear of the bottom ad", async ({ page }) => {
      await page.goto(special.canonical_url);
      await hydrated(page);
      const button = page.getByRole("link", { name: "Bajar al contenido" });
      await expect(button).toBeInViewport({ ratio: 1 });
      const anchor = page.locator("[data-ad-anchor]");
      if (viewport === PHONE) {
        await expect(anchor).toBeVisible();
        expect(overlaps((await button.boundingBox())!, (await anchor.boundingBox())!), "the button under the ad").toBe(false);
      } else await expect(anchor).toBeHidden();
      expect(await tapLandsOn(page, button)).toBe(true);
      await button.click();
      await expect(page).toHaveURL(/#contenido-especial$/);
    });

    test("no empty band above the site header or between its bars, on articles, video pages and sections", async ({ page }) => {
      const pages = [
        story.canonical_url,
        video.canonical_url,
        "/nacion/",
        `http://elpais.localhost:${PORT}${published("elpais").find((d) => d.type === "story" && free(d))!.canonical_url}`,
        `http://fucsia.localhost:${PORT}/moda/`,
      ];
      for (const url of pages) {
        await page.goto(url);
        const header = page.locator('[data-block="site-header"]');
        expect((await header.boundingBox())!.y, `${url}: above the header`).toBe(0);
        const trending = page.locator('[data-block="trending-bar"]');
        if (await trending.count()) {
          const headerBox = (await header.boundingBox())!;
          expect((await trending.boundingBox())!.y, `${url}: between the menu and 'Tendencias'`).toBe(headerBox.y + headerBox.height);
        }
      }
    });
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`a gallery in an article's body at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("moves with its arrows, every photo within reach, and opens the full-screen viewer at a photo", async ({ page }) => {
      const photos = bodyGallery(withBodyGallery).content_elements.filter((image: any) => image.url);
      await page.goto(withBodyGallery.canonical_url);
      await hydrated(page);
      const gallery = page.locator("[data-article-body] [data-gallery]").first();
      await gallery.scrollIntoViewIfNeeded();
      await expect(gallery.locator("[data-gallery-current]")).toHaveText("1");
      await expect(gallery).toContainText(`/ ${photos.length}`);
      const frame = gallery.locator(".swiper");
      const next = gallery.getByRole("button", { name: "Diapositiva siguiente" });
      await expect(next).toBeVisible();
      // The second photo: brought wholly inside the gallery's frame (and the window) by the arrow.
      const second = gallery.locator("[data-gallery-open]").nth(1);
      await next.click();
      await expect(gallery.locator("[data-gallery-current]")).toHaveText("2");
      await expect
        .poll(async () => {
          const [box, frameBox] = [(await second.boundingBox())!, (await frame.boundingBox())!];
          return box.x >= frameBox.x - 1 && box.x + box.width <= frameBox.x + frameBox.width + 1 && box.x + box.width <= viewport.width;
        })
        .toBe(true);
      // A photo's subtitle and caption both show.
      const first = photos[0];
      const caption = gallery.locator("figcaption").first();
      await expect(caption).toContainText(first.subtitle);
      await expect(caption).toContainText(first.caption);
      await second.click();
      const viewer = page.getByRole("dialog", { name: "Galería en pantalla completa" });
      await expect(viewer).toBeVisible();
      await expect(viewer.locator("[data-viewer-counter]")).toHaveText(`2 / ${photos.length}`);
      await expect(viewer).toContainText(photos[1].subtitle);
      await viewer.getByRole("button", { name: "Foto siguiente" }).click();
      await expect(viewer.locator("[data-viewer-counter]")).toHaveText(`3 / ${photos.length}`);
      await viewer.getByRole("button", { name: "Cerrar" }).click();
      await expect(viewer).toHaveCount(0);
    });
  });
}

/** The stories of the home's 'Lo último' listing, by their links. */
const latestHeadlines = (page: Page) =>
  page
    .locator('[data-block="latest-stories"]')
    .first()
    .locator("article")
    .evaluateAll((articles) => articles.map((article) => article.querySelector("a[href]")?.getAttribute("href") ?? ""));

/** Clicks the listing's 'Cargar más artículos': the next page opens at the listing with other stories than `first`. */
async function clickForNextStories(page: Page, first: string[]) {
  await page.locator('[data-block="latest-stories"]').first().getByRole("button", { name: "Cargar más artículos" }).click();
  await expect(page).toHaveURL(/[?&]bloque=[a-z0-9-]+&offset=\d+#[a-z0-9-]+-lista$/);
  // It opens at the listing, not at the top of the page.
  await expect(page.locator('[data-block="latest-stories"] [data-load-more-list]').first()).toBeInViewport();
  const next = await latestHeadlines(page);
  expect(next.length).toBeGreaterThan(0);
  expect(next.filter((headline) => first.includes(headline))).toEqual([]);
}

for (const viewport of VIEWPORTS) {
  test.describe(`'Cargar más artículos' at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("without JavaScript, opens the page with the listing's next stories", async ({ browser }) => {
      const context = await browser.newContext({ viewport, javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/");
      const first = await latestHeadlines(page);
      expect(first.length).toBeGreaterThan(0);
      await clickForNextStories(page, first);
      await context.close();
    });

    test("a click before the listing's script has arrived is not lost: it opens the next stories", async ({ page }) => {
      // The load-more code is held back: the reader clicks while the page is still without it.
      let held = 0;
      await page.route(/\/build\/.*\.js$/, async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        if (!body.includes("load more failed")) return route.fulfill({ response, body });
        held++;
        await new Promise(() => {});
      });
      await page.goto("/", { waitUntil: "domcontentloaded" });
      const first = await latestHeadlines(page);
      await expect.poll(() => held).toBeGreaterThan(0);
      await clickForNextStories(page, first);
      await page.unrouteAll({ behavior: "ignoreErrors" });
    });
  });
}

/** The site header's chunk: a block that hydrates on every page. */
const HEADER_CHUNK = /\/build\/_shared\/site-header-[A-Z0-9]+\.js(\?.*)?$/;

test.describe("a block's code that fails in the browser", () => {
  test.use({ viewport: DESKTOP });
  /** What the browser and the page say of a chunk these tests make fail on purpose. */
  const CHUNK_FAILURE = /Failed to load resource|ChunkLoadError/;

  test("a chunk that fails once is asked for again with d=7702, and the block hydrates", async ({ page, allowedProblems }) => {
    allowedProblems.push(CHUNK_FAILURE);
    const asked: string[] = [];
    await page.route(HEADER_CHUNK, (route) => {
      asked.push(route.request().url());
      return asked.length === 1 ? route.abort("failed") : route.continue();
    });
    await page.goto("/");
    await hydrated(page);
    expect(asked).toHaveLength(2);
    expect(new URL(asked[1]).searchParams.get("d")).toBe("7702");
    await page.locator("header").getByRole("button", { name: "Menú" }).click();
    await expect(page.getByRole("navigation", { name: "Secciones" })).toBeVisible();
  });

  test("a chunk that never loads leaves the block's server HTML on the page, and the rest hydrates", async ({ page, problems, allowedProblems }) => {
    allowedProblems.push(CHUNK_FAILURE);
    await page.route(HEADER_CHUNK, (route) => route.abort("failed"));
    await page.goto("/");
    await hydrated(page);
    const header = page.locator('[data-block="site-header"]');
    await expect(header.getByRole("link", { name: "Semana: ir a la portada" }).first()).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
    expect(problems.some((problem) => /ChunkLoadError/.test(problem))).toBe(true);
  });

  test("a block that throws in the browser keeps its server HTML", async ({ page, allowedProblems }) => {
    // The error itself, its report, and React's word on the hydration it could not finish.
    allowedProblems.push(/falla en el navegador|el bloque falló al renderizar|hydrat/i);
    await page.route(HEADER_CHUNK, (route) =>
      route.fulfill({ contentType: "text/javascript", body: 'export default function SiteHeader() { throw new Error("falla en el navegador"); }' }),
    );
    await page.goto("/");
    await hydrated(page);
    const header = page.locator('[data-block="site-header"]');
    await expect(header.getByRole("link", { name: "Semana: ir a la portada" }).first()).toBeVisible();
    await expect(header.getByRole("navigation", { name: "Menú principal" }).getByRole("link", { name: "Nación" })).toBeVisible();
  });

  test("a style sheet that fails is reported as CSS_CHUNK_LOAD_FAILED and asked for again with d=7702", async ({ page, allowedProblems }) => {
    allowedProblems.push(/Failed to load resource/);
    const warnings: string[] = [];
    page.on("console", (message) => warnings.push(message.text()));
    const asked: string[] = [];
    await page.route(/\/build\/css-bundle-[A-Z0-9]+\.css(\?.*)?$/, (route) => {
      asked.push(route.request().url());
      return asked.length > 1 ? route.continue() : route.fulfill({ status: 404, contentType: "text/css", body: "" });
    });
    await page.goto("/");
    await hydrated(page);
    expect(warnings.some((text) => text.includes("CSS_CHUNK_LOAD_FAILED"))).toBe(true);
    expect(asked.map((url) => new URL(url).searchParams.get("d"))).toEqual([null, "7702"]);
    // The page's styles are in place: the header's menu is a row, not a bulleted list.
    await expect.poll(() => page.evaluate(() => document.adoptedStyleSheets.reduce((rules, sheet) => rules + sheet.cssRules.length, 0))).toBeGreaterThan(0);
    await expect
      .poll(() =>
        page
          .locator("header nav ul")
          .first()
          .evaluate((list) => getComputedStyle(list).listStyleType),
      )
      .toBe("none");
  });
});

const elpais = `http://elpais.localhost:${PORT}`;

for (const viewport of VIEWPORTS) {
  test.describe(`El País's sticky bar at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("turns compact when the menu bar's top reaches the top of the window, not once the whole header has gone", async ({ page }) => {
      await page.goto(`${elpais}/cali/`);
      await hydrated(page);
      const menuBar = page.locator("header").getByRole("navigation", { name: "Menú principal" });
      const top = await menuBar.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
      const compact = page.locator("[data-compact-header]");
      await page.evaluate((y) => window.scrollTo(0, y - 1), top);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(top - 1);
      await expect(compact).toHaveCount(0);
      await page.evaluate((y) => window.scrollTo(0, y), top);
      await expect(compact).toBeVisible();
      // The header's bottom (its menu bar) is still on screen under the compact bar.
      expect(await page.locator("header").evaluate((element) => element.getBoundingClientRect().bottom)).toBeGreaterThan(0);
    });
  });
}

test.describe("El País's sticky bar on a phone, signed in", () => {
  test.use({ viewport: PHONE });

  test("holds every item in one row with room to tap: menu, logo, search, subscribe, 'Mi perfil' and 'Cerrar sesión'", async ({ page }) => {
    const email = uniqueEmail("barra-telefono");
    await signUp(page, email, "Lucía");
    const login = await page.request.post("/identity/public/v1/auth/login", { data: { userName: email, credentials: PASSWORD, grantType: "password" } });
    const identity = await login.json();
    await page.addInitScript((value) => localStorage.setItem("ArcId.USER_INFO", JSON.stringify(value)), identity);
    await page.goto(`${elpais}/cali/`);
    await hydrated(page);
    await page.mouse.wheel(0, 1500);
    const bar = page.locator("[data-compact-header]");
    await expect(bar.getByRole("link", { name: "Mi perfil" })).toBeVisible();
    // Once it has slid in.
    await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);
    const barBox = (await bar.boundingBox())!;
    const items = [
      bar.getByRole("button", { name: "Menú" }),
      bar.getByRole("link", { name: "El País: ir a la portada" }),
      bar.getByRole("link", { name: "Buscar" }),
      bar.getByRole("link", { name: "SUSCRÍBETE" }),
      bar.getByRole("link", { name: "Mi perfil" }),
      bar.getByRole("button", { name: "Cerrar sesión" }),
    ];
    const boxes: Box[] = [];
    for (const item of items) {
      await expect(item).toBeVisible();
      const box = (await item.boundingBox())!;
      expect(box.height, `${await item.textContent()}: tap height`).toBeGreaterThanOrEqual(24);
      expect(box.y, "inside the bar").toBeGreaterThanOrEqual(barBox.y + 2);
      expect(box.y + box.height, "inside the bar").toBeLessThanOrEqual(barBox.y + barBox.height - 2);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      for (const other of boxes) expect(overlaps(box, other), "items apart").toBe(false);
      boxes.push(box);
    }
    expect(barBox.height).toBeLessThanOrEqual(64);
  });
});

test.describe("the phone's bottom ad", () => {
  test.use({ viewport: PHONE });

  test("closes with its button, and what stood above it goes back down", async ({ page }) => {
    await page.goto(live.canonical_url);
    await hydrated(page);
    const anchor = page.locator("[data-ad-anchor]");
    await expect(anchor).toBeVisible();
    // In the body: 'Regresar' stands at the bottom of the screen, above the ad.
    await page.locator("[data-live-timeline] > li").first().scrollIntoViewIfNeeded();
    const back = page.getByRole("link", { name: "Regresar" });
    await expect(back).toBeInViewport({ ratio: 1 });
    const raised = (await back.boundingBox())!;
    expect(raised.y + raised.height).toBeLessThanOrEqual((await anchor.boundingBox())!.y);
    await anchor.getByRole("button", { name: "Cerrar publicidad" }).click();
    await expect(anchor).toHaveCount(0);
    await expect.poll(async () => (await back.boundingBox())!.y).toBeGreaterThan(raised.y);
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  });
});
