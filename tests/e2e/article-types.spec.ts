// Each article type's distinguishing parts in Chromium, at 390×844 and 1366×768
// (docs/article-pages.md): the gallery's carousel and full-screen viewer (opening at the chosen
// photo, idle after 3 s on a fake clock), the live blog's timeline and folding blocks, the video
// page's dark theme and vertical player, the special report's hero, share links, the trending bar,
// and 'Crea tu cuenta' on phones; the gallery's blur and promo modals (on the phone only), the HTML5 player of a video
// document with streams only, the recommendation widgets and house ads (no empty box), the
// confidenciales, video-article and opinion layouts, Soho's own templates and El País. The seeded
// corpus is the one this file generates.
import fs from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { resolveAdSlot } from "../../brands/ads";
import { WIDGETS, isWidgetType } from "../../brands/widgets";
import { sectionIds } from "../../domain/ans";
import { chooseTemplate, layoutRulesSchema } from "../../domain/layout-rules";
import { freeForEverybody } from "../../accounts/entitlement";
import { seededCorpus } from "./corpus";
import { expect, hydrated, pauseClock, PORT, test } from "./fixtures";
import { signInInModal, signUp, uniqueEmail } from "./readers";

const corpus = seededCorpus;
const semana = corpus.documents.filter((d) => d.canonical_website === "semana" && d.canonical_url && !d.related_content?.redirect?.length);
const inSection = (doc: any, id: string) => sectionIds(doc).includes(id);
const free = (doc: any) => freeForEverybody(doc.content_restrictions?.content_code, sectionIds(doc));
const gallery = semana.find((d) => inSection(d, "/galerias") && (d.promo_items?.gallery?.content_elements?.length ?? 0) >= 4);
const live = semana.find((d) => inSection(d, "/live") && free(d));
const video = semana.find((d) => inSection(d, "/videos") && d.youtube_content_id);
const vertical = semana.find((d) => d.canonical_url.includes("/categorias/") && d.youtube_content_id);
const special = semana.find((d) => inSection(d, "/especiales"));
const story = semana.find(
  (d) => d.type === "story" && inSection(d, "/nacion") && free(d) && d.content_elements.filter((e: any) => e.type === "text").length >= 8,
);
const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync("page-definitions/layout-rules.json", "utf8")));
const ofBrand = (brand: string) =>
  corpus.documents.filter((d) => d.canonical_website === brand && d.canonical_url && !d.related_content?.redirect?.length && free(d));
const withTemplate = (brand: string, template: string) => ofBrand(brand).find((d) => chooseTemplate(rules, d) === template);
const confidencial = withTemplate("semana", "article-confidenciales");
const videoArticle = withTemplate("semana", "article-video-article");
const opinion = semana.find((d) => d.taxonomy?.primary_section?._id === "/opinion" && free(d));
/** The documents appended after the generated corpus (server/content/seed/appended.ts). */
const arcVideo = corpus.documents.at(-2);
const paidGallery = corpus.documents.at(-1);
const soho = {
  default: withTemplate("soho", "article-default"),
  gallery: withTemplate("soho", "article-gallery"),
  video: withTemplate("soho", "article-video"),
};
const elpais = withTemplate("elpais", "article-default");
/** The photos of a gallery story, each in its place (two may share an image): what its viewer counts. */
const photoCount = (doc: any) => doc.promo_items.gallery.content_elements.filter((image: any) => image.url).length;

const VIEWPORTS = [
  { name: "teléfono", width: 390, height: 844, phone: true },
  { name: "escritorio", width: 1366, height: 768, phone: false },
] as const;

test("the seeded corpus has every article type this file visits", () => {
  for (const doc of [gallery, live, video, vertical, special, story, confidencial, videoArticle, opinion, soho.default, soho.gallery, soho.video, elpais])
    expect(doc).toBeTruthy();
  expect(arcVideo).toMatchObject({ type: "video", streams: expect.any(Array) });
  expect(arcVideo.youtube_content_id).toBeUndefined();
  expect(paidGallery).toMatchObject({ content_restrictions: { content_code: "3" } });
});

const userMenu = (page: Page) => page.locator('[data-slot="user-menu"]');

/** A new reader without a subscription, signed in through the header's login modal. */
async function signedInReader(page: Page, tag: string) {
  const email = uniqueEmail(tag);
  await signUp(page, email, "Lectora");
  await page.goto("/");
  await hydrated(page);
  await userMenu(page).getByRole("link", { name: "Iniciar sesión" }).click();
  await signInInModal(page, email);
  // Signing in reloads the page; on a loaded machine the reload and the session read take a while.
  await expect(userMenu(page).getByRole("button", { name: /menú de la cuenta/ })).toBeVisible({ timeout: 30_000 });
}

/** Relative luminance (WCAG) of an sRGB colour. */
function luminance([r, g, b]: number[]): number {
  const [R, G, B] = [r, g, b].map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * R + 0.7152 * G + 0.0722 * B;
}
const contrast = (a: number[], b: number[]) => {
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
};
const rgb = (css: string) => css.match(/[\d.]+/g)!.map(Number);

/** The median colour of the page's pixels in a box, as a screenshot shows them. */
async function medianColour(page: Page, clip: { x: number; y: number; width: number; height: number }): Promise<number[]> {
  const { data, info } = await sharp(await page.screenshot({ clip }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: number[][] = [];
  for (let i = 0; i < data.length; i += info.channels) pixels.push([data[i], data[i + 1], data[i + 2]]);
  pixels.sort((a, b) => luminance(a) - luminance(b));
  return pixels[Math.floor(pixels.length / 2)];
}

/** Every widget and visible ad slot of the page: filled, at its fixed height. */
async function expectNoEmptyBoxes(page: Page) {
  const widgets = page.locator("[data-widget]");
  const count = await widgets.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const widget = widgets.nth(i);
    const type = (await widget.getAttribute("data-widget"))!;
    expect(isWidgetType(type), type).toBe(true);
    await widget.scrollIntoViewIfNeeded();
    expect((await widget.boundingBox())!.height, type).toBeCloseTo(WIDGETS[type as keyof typeof WIDGETS].height, 0);
    await expect(widget.locator("a").first(), type).toBeVisible();
  }
  const slots = page.locator("[data-ad-slot]:visible");
  expect(await slots.count()).toBeGreaterThan(0);
  for (let i = 0; i < (await slots.count()); i++) {
    const slot = slots.nth(i);
    const name = (await slot.getAttribute("data-ad-slot"))!;
    await slot.scrollIntoViewIfNeeded();
    // A reader without a subscription sees the offer; the subscriber's variant stays hidden.
    const ad = slot.locator("a[data-house-ad]:visible");
    await expect(ad, name).toHaveCount(1);
    await expect(ad, name).toHaveAttribute("data-house-ad", "");
    await expect(ad).toHaveAttribute("href", "/store/?offerId=466");
    expect((await ad.boundingBox())!.height, name).toBeCloseTo(resolveAdSlot(name)!.format.height, 0);
  }
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("gallery: carousel with counter, the viewer opens at the chosen photo, shares, and hides its tools after 3 s idle", async ({ page }) => {
      // A signed-in reader: the viewer without a modal (a signed-out one gets the blur modal).
      await signedInReader(page, "galeria");
      await page.clock.install();
      await page.goto(gallery.canonical_url);
      await hydrated(page);
      const photos = photoCount(gallery);
      expect(photos).toBeGreaterThanOrEqual(4);
      await expect(page.locator("[data-gallery] [data-gallery-current]")).toHaveText("1");
      await expect(page.locator("[data-gallery] p").first()).toHaveText(`1 / ${photos}`);
      await expect(page.locator("[data-gallery-open]")).toHaveCount(photos);
      // No repeated lead image above the gallery.
      await expect(page.locator("[data-article-header] img")).toHaveCount(0);
      await page.locator("[data-gallery-open]").nth(2).click();
      const viewer = page.locator("dialog[data-gallery-viewer]");
      await expect(viewer).toBeVisible();
      await expect(viewer.locator("[data-viewer-counter]")).toHaveText(`3 / ${photos}`);
      expect(await viewer.evaluate((d) => d.hasAttribute("data-mobile"))).toBe(viewport.phone);
      await expect(viewer.locator("[data-gallery-modal-layer]")).toHaveCount(0);
      await viewer.getByRole("button", { name: "Foto siguiente" }).click();
      await expect(viewer.locator("[data-viewer-counter]")).toHaveText(`4 / ${photos}`);
      // From here the page's clock moves only when the test says: an installed clock also follows real
      // time, which on a busy machine ran out the 3 s before the test looked.
      await pauseClock(page);
      // 'Compartir' opens the four share links; WhatsApp's app link on phones, WhatsApp Web on desktops.
      await viewer.getByRole("button", { name: "Compartir" }).click();
      const whatsapp = viewer.getByRole("link", { name: "Compartir en WhatsApp" });
      await expect(viewer.getByRole("link", { name: /^Compartir en / })).toHaveCount(4);
      await expect(whatsapp).toHaveAttribute("href", /^https:\/\/web\.whatsapp\.com\/send\?/);
      await expect(whatsapp).toHaveAttribute("data-share-mobile", /^https:\/\/api\.whatsapp\.com\/send\?/);
      await viewer.getByRole("button", { name: "Compartir" }).click();
      await expect(viewer).not.toHaveAttribute("data-idle", "");
      await page.clock.runFor(2900);
      await expect(viewer).not.toHaveAttribute("data-idle", "");
      await page.clock.runFor(200);
      await expect(viewer).toHaveAttribute("data-idle", "");
      // A tap on the photo brings the caption and tools back, and another hides them.
      await viewer.locator("[data-viewer-image]").dispatchEvent("click");
      await expect(viewer).not.toHaveAttribute("data-idle", "");
      await viewer.locator("[data-viewer-image]").dispatchEvent("click");
      await expect(viewer).toHaveAttribute("data-idle", "");
      await page.clock.resume();
      await page.keyboard.press("Escape");
      await expect(viewer).toHaveCount(0);
      for (const title of ["Últimas galerías", "Galerías relacionadas"]) {
        const list = page.getByRole("region", { name: title });
        await expect(list.getByRole("heading", { name: title })).toBeVisible();
        const links = list.getByRole("link", { name: /^Ver galería/ });
        expect(await links.count()).toBeGreaterThanOrEqual(1);
        expect(await links.count()).toBeLessThanOrEqual(4);
        await expect(links.first()).toBeVisible();
      }
    });

    test("live blog: the timeline's times read from the entries, folding blocks, 'Regresar' on phones", async ({ page }) => {
      await page.goto(live.canonical_url);
      await hydrated(page);
      const times = page.locator("[data-live-timeline] > li > time");
      expect(await times.count()).toBeGreaterThan(1);
      const first = live.content_elements.find((e: any) => e.type === "text" && /^\d{1,2}:\d{2} [ap]\. m\./.test(e.content));
      await expect(times.first()).toHaveText(/^\d{1,2}:\d{2} [ap]\. m\.$/);
      expect(first.content.startsWith(await times.first().innerText())).toBe(true);
      await expect(times.first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-05:00$/);
      const updates = page.getByRole("button", { name: "Actualizaciones" });
      const latest = page.getByRole("button", { name: "Encuentra aquí lo último" });
      const back = page.getByRole("link", { name: "Regresar" });
      if (viewport.phone) {
        await expect(latest).toHaveAttribute("aria-expanded", "true");
        await expect(updates).toHaveAttribute("aria-expanded", "false");
        await expect(page.locator("[data-live-timeline]")).toBeVisible();
        await updates.click();
        await expect(updates).toHaveAttribute("aria-expanded", "true");
        await latest.click();
        await expect(page.locator("[data-live-timeline]")).toBeHidden();
        await latest.click();
        await expect(back).toBeVisible();
        await page.mouse.wheel(0, 3000);
        await back.click();
        // At the top of the article: the page's <main>.
        const top = await page.evaluate(() => document.getElementById("contenido")!.getBoundingClientRect().top + window.scrollY);
        await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(top + 2);
      } else {
        await expect(updates).toBeHidden();
        await expect(page.getByRole("heading", { name: "Actualizaciones" })).toBeVisible();
        await expect(page.locator("[data-live-timeline]")).toBeVisible();
        await expect(back).toBeHidden();
      }
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((text) => JSON.parse(text)["@type"])).toContain("LiveBlogPosting");
    });

    test("video page: the whole page in the dark theme, the video's details; vertical player under /categorias", async ({ page }) => {
      await page.goto(video.canonical_url);
      await hydrated(page);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = background.match(/\d+/g)!.map(Number);
      expect(r + g + b).toBeLessThan(120);
      await expect(page.locator("[data-video-details]")).toContainText("Duración:");
      await expect(page.locator("[data-video-details]")).toContainText("Publicado:");
      await expect(page.locator("[data-article-header] [data-video-id]")).toBeVisible();
      await page.goto(vertical.canonical_url);
      await hydrated(page);
      const box = (await page.locator("[data-article-header] [data-video-id]").boundingBox())!;
      expect(box.height / box.width).toBeGreaterThan(1.7);
    });

    test("video document with streams only: an HTML5 player playing the rendition for the screen, the promo image as poster", async ({ page }) => {
      await page.goto(arcVideo.canonical_url);
      await hydrated(page);
      await expect(page).toHaveTitle(arcVideo.headlines.basic);
      const player = page.locator("[data-article-header] video");
      await expect(player).toBeVisible();
      await expect(player.locator("source")).toHaveCount(3);
      expect(await player.getAttribute("poster")).toContain(arcVideo.promo_items.basic.url);
      // Played, the real file of the rendition meant for this screen plays (its 4 seconds read from the file).
      await player.evaluate((video: HTMLVideoElement) => {
        video.muted = true;
        return video.play();
      });
      await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThanOrEqual(1);
      await player.evaluate((video: HTMLVideoElement) => video.pause());
      const rendition = viewport.phone ? "/videos/lluvias-rio-magdalena-480.mp4" : "/videos/lluvias-rio-magdalena-1280.mp4";
      expect(await player.evaluate((video: HTMLVideoElement) => new URL(video.currentSrc).pathname)).toBe(rendition);
      expect(await player.evaluate((video: HTMLVideoElement) => Math.round(video.duration))).toBe(4);
      await expect(page.locator("[data-video-details]")).toContainText("Duración: 0:04");
      await expect(page.locator("[data-article-header] [data-video-id]")).toHaveCount(0);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)["@type"]);
      expect(types).toContain("VideoObject");
    });

    test("special report: the full-screen 'Especiales' header under the transparent site header, scroll-down button", async ({ page }) => {
      await page.goto(special.canonical_url);
      await hydrated(page);
      const hero = page.locator("[data-special-hero]");
      await expect(hero).toContainText("Especiales");
      await expect(hero).toContainText("Semana");
      const box = (await hero.boundingBox())!;
      expect(box.y).toBeLessThanOrEqual(1);
      // The hero fills the screen but for the room the phone's bottom ad keeps (none on a desktop).
      const adRoom = await hero.evaluate((element) => parseFloat(getComputedStyle(element).getPropertyValue("--bottom-anchor-room")) || 0);
      if (viewport.width >= 1024) expect(adRoom).toBe(0);
      expect(box.height).toBeGreaterThanOrEqual(viewport.height - adRoom - 1);
      await expect(page.locator("[data-trending-bar]")).toHaveCount(0);
      // The transparent site header's text reads on the hero: its colour against what lies under it.
      const siteHeader = page.locator('[data-block="site-header"] [data-mode="Transparente"]').first();
      await expect(siteHeader).toBeVisible();
      const link = siteHeader.getByRole("link").filter({ visible: true }).first();
      const textColour = rgb(await link.evaluate((element) => getComputedStyle(element).color));
      const headerBox = (await siteHeader.boundingBox())!;
      const under = await medianColour(page, { x: 0, y: headerBox.y, width: viewport.width, height: Math.min(headerBox.height, 120) });
      expect(contrast(textColour, under), `texto ${textColour} sobre ${under}`).toBeGreaterThanOrEqual(4.5);
      await hero.getByRole("link", { name: "Bajar al contenido" }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(viewport.height / 2);
      const compact = page.locator("[data-compact-header]");
      await expect(compact).toBeVisible();
      // Solid once scrolled: an opaque background its text reads on.
      const [background, colour] = await compact.evaluate((element) => [getComputedStyle(element).backgroundColor, getComputedStyle(element).color]);
      const solid = rgb(background);
      expect(solid.length === 3 || solid[3] === 1, background).toBe(true);
      expect(contrast(rgb(colour), solid)).toBeGreaterThanOrEqual(4.5);
    });

    test("default article: share links, the trending bar, structured data, 'Crea tu cuenta' for a signed-out reader", async ({ page }) => {
      await page.goto(story.canonical_url);
      await hydrated(page);
      const share = page.locator("[data-share]");
      await expect(share.getByRole("link", { name: "Compartir en Facebook" })).toHaveAttribute("data-share-popup", "550x400");
      await expect(share.getByRole("link", { name: "Compartir en LinkedIn" })).toHaveAttribute("data-share-popup", "750x600");
      await expect(share.getByRole("link", { name: "Compartir en WhatsApp" })).toHaveAttribute("href", /^https:\/\/web\.whatsapp\.com\/send\?/);
      if (viewport.phone) {
        // On a phone (767 px or less) WhatsApp opens in its app: the api.whatsapp.com link.
        await page.context().route(/api\.whatsapp\.com/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" }));
        const [request] = await Promise.all([page.waitForRequest(/whatsapp\.com/), share.getByRole("link", { name: "Compartir en WhatsApp" }).click()]);
        expect(request.url()).toMatch(/^https:\/\/api\.whatsapp\.com\/send\?text=/);
        // The page goes there; coming back before it arrives would be cut short by that navigation.
        await page.waitForURL(/api\.whatsapp\.com/);
        await page.goto(story.canonical_url);
        await hydrated(page);
      } else {
        // A share link opens in a 550×400 popup (the network's page cannot load here: no network).
        await page.context().route(/facebook\.com/, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>Facebook</title>" }));
        const [popup] = await Promise.all([page.waitForEvent("popup"), share.getByRole("link", { name: "Compartir en Facebook" }).click()]);
        expect(popup.url()).toMatch(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=/);
        await expect.poll(() => popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([550, 400]);
        await popup.close();
      }
      await expect(page.locator("[data-trending-bar] a").first()).toHaveAttribute("href", /^\/noticias\//);
      await expect(page.getByRole("link", { name: "Crea tu cuenta" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)["@type"]);
      expect(types).toEqual(expect.arrayContaining(["NewsArticle", "BreadcrumbList"]));
    });

    test("default article: every recommendation widget and ad slot filled at its fixed height, none empty", async ({ page }) => {
      await page.goto(story.canonical_url);
      await hydrated(page);
      await expect(page.locator("[data-widget]")).toHaveCount(4);
      await expectNoEmptyBoxes(page);
      await expect(page.getByRole("complementary", { name: "Contenido recomendado" }).getByRole("link").first()).toHaveAttribute("href", /^\//);
    });

    test("confidenciales, video-article and opinion layouts", async ({ page }) => {
      await page.goto(confidencial.canonical_url);
      await hydrated(page);
      await expect(page.locator("[data-article-header] h1")).toHaveText(confidencial.headlines.basic);
      await expect(page.locator("[data-article-header]").getByRole("link", { name: "Confidenciales" })).toHaveAttribute("href", "/confidenciales/");
      await expect(page.locator("[data-share]")).toBeVisible();
      await expectNoEmptyBoxes(page);

      await page.goto(videoArticle.canonical_url);
      await hydrated(page);
      await expect(page.locator("[data-article-header] [data-video-id]")).toBeVisible();
      await expect(page.locator("[data-video-details]")).toContainText("Publicado:");
      await expect(page.locator("[data-article-body] p").first()).toBeVisible();

      await page.goto(opinion.canonical_url);
      await hydrated(page);
      // The byline header with the author's photo, prominent.
      const photo = page.locator("[data-article-header] img").first();
      await expect(photo).toBeVisible();
      expect(Math.round((await photo.boundingBox())!.width)).toBe(112);
      const types = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)["@type"]);
      expect(types).toContain("OpinionNewsArticle");
    });

    test("Soho's own templates and an El País article, in their brands' look", async ({ page }) => {
      const origin = (brand: string) => `http://${brand}.localhost:${PORT}`;
      // Past Soho's age gate (docs/brands.md#age-gate): its flag in the session, on Soho's pages only.
      await page.addInitScript(() => location.hostname.startsWith("soho.") && sessionStorage.setItem("sohoAge", "true"));
      const soh = origin("soho");
      await page.goto(`${soh}${soho.default.canonical_url}`);
      await hydrated(page);
      await expect(page.locator("[data-article-header] h1")).toHaveText(soho.default.headlines.basic);
      await expect(page.locator("[data-trending-bar] a").first()).toBeVisible();
      await expectNoEmptyBoxes(page);
      await expect(page.locator("a[data-house-ad]:visible").first()).toContainText("Suscríbete a Soho");
      const publisher = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)).find((o) => o.publisher);
      expect(publisher.publisher.name).toBe("Soho");

      await page.goto(`${soh}${soho.gallery.canonical_url}`);
      await hydrated(page);
      await expect(page.locator("[data-gallery] p").first()).toHaveText(`1 / ${photoCount(soho.gallery)}`);
      await expect(
        page
          .getByRole("region", { name: "Galerías relacionadas" })
          .getByRole("link", { name: /^Ver galería/ })
          .first(),
      ).toBeVisible();

      await page.goto(`${soh}${soho.video.canonical_url}`);
      await hydrated(page);
      const [r, g, b] = rgb(await page.evaluate(() => getComputedStyle(document.body).backgroundColor));
      expect(r + g + b).toBeLessThan(120);
      await expect(page.locator("[data-video-details]")).toContainText("Duración:");

      await page.goto(`${origin("elpais")}${elpais.canonical_url}`);
      await hydrated(page);
      await expect(page.locator("[data-article-header] h1")).toHaveText(elpais.headlines.basic);
      await expectNoEmptyBoxes(page);
      await expect(page.locator("a[data-house-ad]:visible").first()).toContainText("Suscríbete a El País");
      // Share links name the page's one origin, the one it was served at (docs/article-pages.md#share-links).
      const facebook = page.locator("[data-share]").getByRole("link", { name: "Compartir en Facebook" });
      expect(await facebook.getAttribute("href")).toContain(encodeURIComponent(`${origin("elpais")}${elpais.canonical_url}`));
    });
  });
}

// The gallery's modals behave the same at every width: tried once, on the phone.
test.describe("teléfono 390×844, the gallery's modals", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("gallery: a signed-out reader opening it gets the blur modal over 500 ms, whose sign-in opens the login modal", async ({ page }) => {
    await page.goto(gallery.canonical_url);
    await hydrated(page);
    await page.locator("[data-gallery-open]").nth(1).click();
    const viewer = page.locator("dialog[data-gallery-viewer]");
    const modal = viewer.getByRole("dialog", { name: "Regístrate gratis para ver la galería completa" });
    await expect(modal).toBeVisible();
    await expect(viewer).toHaveAttribute("data-blurred", "");
    const layer = viewer.locator("[data-gallery-modal-layer]");
    expect(await layer.evaluate((element) => getComputedStyle(element).animationDuration)).toBe("0.5s");
    expect(await viewer.locator("[data-viewer-image]").evaluate((image) => getComputedStyle(image.parentElement!).transitionDuration)).toBe("0.5s");
    await expect.poll(() => viewer.locator("[data-viewer-image]").evaluate((image) => getComputedStyle(image.parentElement!).filter)).toMatch(/blur/);
    // Browsing stops; sign-up and sign-in are offered.
    await expect(viewer.getByRole("button", { name: "Foto siguiente" })).toBeHidden();
    await expect(modal.getByRole("link", { name: "Crea tu cuenta" })).toHaveAttribute("href", "/-revista-semana/?=1");
    await modal.getByRole("link", { name: "Iniciar sesión" }).click();
    await expect(viewer).toHaveCount(0);
    await expect(page.locator("#modal").getByRole("dialog").getByLabel("Correo electrónico")).toBeVisible();
  });

  test("gallery for subscribers: a signed-in reader without a subscription gets the promo subscription modal", async ({ page }) => {
    // Signed out, a gallery with the paywall flag has no modal.
    await page.goto(paidGallery.canonical_url);
    await hydrated(page);
    await page.locator("[data-gallery-open]").first().click();
    await expect(page.locator("dialog[data-gallery-viewer]")).toBeVisible();
    await expect(page.locator("[data-gallery-modal-layer]")).toHaveCount(0);
    await page.keyboard.press("Escape");
    await signedInReader(page, "promo");
    await page.goto(paidGallery.canonical_url);
    await hydrated(page);
    await page.locator("[data-gallery-open]").first().click();
    const viewer = page.locator("dialog[data-gallery-viewer]");
    const promo = viewer.getByRole("dialog", { name: "Suscríbete a Semana y disfruta todas sus galerías" });
    await expect(promo).toBeVisible();
    await expect(promo).toContainText("$199.000 al año. Cancela cuando quieras.");
    await expect(promo.getByRole("link", { name: "Suscríbete" })).toHaveAttribute("href", "/store/?offerId=466");
    await expect(viewer).not.toHaveAttribute("data-blurred", "");
    await promo.getByRole("button", { name: "Ahora no" }).click();
    await expect(promo).toHaveCount(0);
    // The gallery is locked for this reader: the lead photo only, nothing to move to
    // (docs/paywall-and-visitors.md).
    await expect(viewer.locator("[data-viewer-counter]")).toHaveText("1 / 1");
    await expect(viewer.getByRole("button", { name: "Foto siguiente" })).toHaveCount(0);
    expect(photoCount(paidGallery)).toBeGreaterThan(1);
  });
});
