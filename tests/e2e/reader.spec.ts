// A reader's visit in Chromium against the built production server, seeded with the same
// deterministic corpus this file generates to know which URLs exist.
import { sectionIds } from "../../domain/ans";
import { freeForEverybody } from "../../accounts/entitlement";
import { seededCorpus } from "./corpus";
import { expect, hydrated, PORT, test } from "./fixtures";

const corpus = seededCorpus;
const semana = corpus.documents.filter((d) => d.canonical_website === "semana" && d.canonical_url);
const inSection = (doc: any, id: string) => (doc.taxonomy?.sections ?? []).some((s: any) => s._id === id);
const ELEMENT_TYPES = [
  "header",
  "text",
  "table",
  "quote",
  "image",
  "gallery",
  "raw_html",
  "oembed_response",
  "list",
  "link_list",
  "interstitial_link",
  "divider",
  "code",
];

/** The free Semana story whose body has the most element types (the corpus puts every type in some story). */
const showcase = semana
  .filter((d) => d.type === "story" && !d.related_content?.redirect?.length && !inSection(d, "/galerias") && !inSection(d, "/videos"))
  .filter((d) => freeForEverybody(d.content_restrictions?.content_code, sectionIds(d)))
  .map((d) => ({ doc: d, types: new Set((d.content_elements ?? []).map((e: any) => e.type)) }))
  .sort((a, b) => b.types.size - a.types.size)[0];
const gallery = semana.find((d) => inSection(d, "/galerias") && !d.taxonomy?.primary_section?._id?.includes("/caricaturas/galeria"));
const video = semana.find((d) => inSection(d, "/videos"));

test("the home page shows its blocks, with stories linking to articles", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toContain("s-maxage=");
  expect(response?.headers()["etag"]).toBeTruthy();
  await hydrated(page);
  await expect(page.locator("header").first()).toBeVisible();
  expect(await page.locator("[data-block]").count()).toBeGreaterThanOrEqual(15);
  expect(await page.locator('main a[href*="/articulo/"]').count()).toBeGreaterThan(20);
  await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
});

test("a carousel is the server's list until Swiper takes it over: arrows move it, dots follow", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const carousel = page.locator('[data-block="story-carousel"] [data-carousel]').first();
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator(".swiper")).toHaveClass(/swiper-initialized/);
  const dots = carousel.locator("[data-carousel-dots] button");
  expect(await dots.count()).toBeGreaterThan(1);
  await expect(dots.first()).toHaveAttribute("aria-current", "true");
  await carousel.getByRole("button", { name: "Diapositiva siguiente" }).click();
  await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
  await expect(carousel.getByRole("button", { name: "Diapositiva anterior" })).toBeEnabled();
  await dots.first().click();
  await expect(dots.first()).toHaveAttribute("aria-current", "true");
});

test("'Cargar más artículos' appends the next stories without reloading the page", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const block = page.locator('[data-block="latest-stories"]').first();
  const items = block.locator("article");
  const before = await items.count();
  expect(before).toBeGreaterThan(0);
  await page.evaluate(() => ((window as any).__sinRecargar = true));
  const button = block.getByRole("button", { name: "Cargar más artículos" });
  await button.click();
  await expect.poll(() => items.count()).toBeGreaterThan(before);
  await expect(button).toHaveText("Cargar más artículos");
  expect(await page.evaluate(() => (window as any).__sinRecargar)).toBe(true);
});

test("an article shows its header, a body with every element type, and the news sidebar", async ({ page }) => {
  expect(showcase, "a story with many element types").toBeTruthy();
  for (const type of ELEMENT_TYPES) expect(showcase.types.has(type), `the showcase story has ${type}`).toBe(true);
  const response = await page.goto(showcase.doc.canonical_url);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(showcase.doc.headlines.basic);
  const body = page.locator("[data-article-body]");
  await expect(body).toBeVisible();
  await expect(body.locator("table")).toHaveCount(await body.locator("table").count());
  expect(await body.locator("table").count()).toBeGreaterThan(0);
  expect(await body.locator("blockquote").count()).toBeGreaterThan(0);
  expect(await body.locator("ol, ul").count()).toBeGreaterThan(0);
  expect(await body.locator("pre code").count()).toBeGreaterThan(0);
  expect(await body.locator("hr").count()).toBeGreaterThan(0);
  expect(await body.locator("img").count()).toBeGreaterThan(0);
  expect(await body.locator("script").count()).toBe(0 + (await body.locator('script[type="application/ld+json"]').count()));
  expect(await page.locator("[data-ad-slot]").count()).toBeGreaterThan(0);
  const sidebar = page.locator('[data-block="news-sidebar"]');
  await expect(sidebar).toContainText("Lo último");
  await expect(sidebar).toContainText("Lo más leído");
  await expect(sidebar.locator(`a[href="${showcase.doc.canonical_url}"]`)).toHaveCount(0);
});

test("a gallery and a video get their own layouts", async ({ page }) => {
  expect(gallery && video).toBeTruthy();
  await page.goto(gallery.canonical_url);
  await expect(page.locator("[data-page-template]")).toHaveAttribute("data-page-template", "article-gallery");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(gallery.headlines.basic);
  await page.goto(video.canonical_url);
  await expect(page.locator("[data-page-template]")).toHaveAttribute("data-page-template", "article-video");
  await expect(page.locator('[data-block="site-header"] [data-mode]')).toHaveAttribute("data-mode", "Oscuro");
});

test("'Más' and the hamburger menus open, exclude each other and close on an outside click", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const header = page.locator('[data-block="site-header"]');
  const more = header.locator('div[data-menu="more"]');
  const drawer = header.locator('div[data-menu="drawer"]');
  await header.getByRole("button", { name: "Más", exact: true }).click();
  await expect(more).toBeVisible();
  await expect(more).toContainText("Opinión");
  await header.getByRole("button", { name: "Menú", exact: true }).first().click();
  await expect(drawer).toBeVisible();
  await expect(more).toBeHidden();
  await expect(drawer.getByRole("link", { name: /youtube/i })).toBeVisible();
  await page.mouse.click(1300, 700);
  await expect(drawer).toBeHidden();
  await header.getByRole("button", { name: "Más", exact: true }).click();
  await expect(more).toBeVisible();
  await page.mouse.click(20, 740);
  await expect(more).toBeHidden();
});

test("soho.localhost serves the Soho brand", async ({ page }) => {
  const response = await page.goto(`http://soho.localhost:${PORT}/`);
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.locator("[data-brand]")).toHaveAttribute("data-brand", "soho");
  await expect(page.getByRole("link", { name: /Soho: ir a la portada/ }).first()).toBeVisible();
  await expect(page.locator("nav").first()).toContainText("Mujeres Soho");
});

test("an unknown URL gets a 404 page in the brand's look", async ({ page, allowedProblems }) => {
  allowedProblems.push(/Failed to load resource: the server responded with a status of 404 .*\/esta\/pagina\/no-existe\//);
  const response = await page.goto("/esta/pagina/no-existe/");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Página no encontrada");
  await expect(page.locator('[data-block="site-header"]')).toBeVisible();
});

test("?debug=blocks shows each block's source, query, cache status, time and skip reason", async ({ page }) => {
  await page.goto("/?debug=blocks");
  const panel = page.getByRole("region", { name: "Diagnóstico de bloques" });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText("latest-stories");
  await expect(panel.locator("td", { hasText: /^(hit|miss|stale)/ }).first()).toBeVisible();
});

test("a hostile URL gets a clear answer, never a crash", async ({ request }) => {
  const broken = await request.get("/noticias/%ZZ/");
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain("Dirección mal formada");
  expect((await request.get("/_block/home/no-existe?offset=abc")).status()).toBe(404);
  expect((await request.get("/images/..%2F..%2Fetc%2Fpasswd.jpg")).status()).toBe(400);
  expect((await request.get("/healthz")).status()).toBe(200);
});
