// Opinion and author pages (docs/opinion-and-authors.md): /opinion/{autor}/ with its hero from the
// first item's credits, 16 per page to the end, subheadlines cut at 150; the same page at /autor/{slug}/;
// bylines that link there; 'VER MÁS OPINIONES' with 'Ver todos'; the author carousel with arrows only
// past 7 authors; Fucsia's columns from opinion-fucsia only; at 1366×768 and 390×844.
import { seededCorpus } from "./corpus";
import { expect, hydrated, PORT, test } from "./fixtures";

const corpus = seededCorpus;
const docs = corpus.documents as any[];
const credits = (doc: any, id: string) => (doc.credits?.by ?? []).some((by: any) => by._id === id);
const storiesOf = (brand: string, id: string, section?: string) =>
  docs.filter((doc) => doc.canonical_website === brand && credits(doc, id) && (!section || doc.taxonomy?.primary_section?._id === section));
const withImage = (list: any[]) => list.filter((doc) => doc.promo_items?.basic?.url);

/** Semana's most prolific signed author (newsrooms aside): enough stories for several pages. */
const prolific = (() => {
  const counts = new Map<string, number>();
  for (const doc of docs.filter((d) => d.canonical_website === "semana"))
    for (const by of doc.credits?.by ?? []) counts.set(by._id, (counts.get(by._id) ?? 0) + 1);
  const [id] = [...counts].filter(([id]) => !id.startsWith("redaccion")).sort((a, b) => b[1] - a[1])[0];
  return corpus.authors.find((author) => author._id === id)!;
})();
/** A titled section (the listing's <section>, which holds the carousel of the same name). */
const region = (page: import("@playwright/test").Page, name: string) => page.getByRole("region", { name, exact: true }).first();
const listing = (page: import("@playwright/test").Page, block = "author-listing") => page.locator(`[data-block="${block}"] [data-load-more-list] article`);

test("an author's page: hero from the credits, 16 stories per page with their subheadlines, then more to the end", async ({ page }) => {
  const stories = storiesOf("semana", prolific._id);
  expect(withImage(stories).length).toBeGreaterThan(32);
  expect((await page.goto(`/opinion/${prolific._id}/`))?.status()).toBe(200);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: prolific.byline })).toBeVisible();
  await expect(page.getByText(prolific.description!, { exact: true })).toBeVisible();
  await expect(listing(page)).toHaveCount(16);
  const subheadlines = await page.locator('[data-block="author-listing"] article p').allTextContents();
  expect(subheadlines.length).toBe(16);
  for (const text of subheadlines) expect(text.length).toBeLessThanOrEqual(153);
  const more = page.getByRole("button", { name: "Cargar más artículos" });
  let pages = 1;
  while (await more.isVisible()) {
    await more.click();
    pages++;
    await expect(listing(page)).toHaveCount(Math.min(16 * pages, withImage(stories).length));
  }
  await expect(listing(page)).toHaveCount(withImage(stories).length);
  expect(pages).toBe(Math.ceil(stories.length / 16));
  // 'VER MÁS OPINIONES': the brand's 6 latest columns, and 'Ver todos'.
  const more_opinions = region(page, "VER MÁS OPINIONES");
  await expect(more_opinions.getByRole("article")).toHaveCount(6);
  await expect(more_opinions.getByRole("link", { name: "Ver todos" })).toHaveAttribute("href", "/opinion/");
});

test("the bylines' address /autor/{slug}/ serves the author's page", async ({ page }) => {
  expect((await page.goto(`/autor/${prolific._id}/`))?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`/autor/${prolific._id}/$`));
  await expect(page.getByRole("heading", { level: 1, name: prolific.byline })).toBeVisible();
});

test("a column's byline links to its author's page under /autor/", async ({ page }) => {
  const column = docs.find((doc) => doc.canonical_website === "semana" && doc.taxonomy?.primary_section?._id === "/opinion" && !doc.copyright);
  const author = column.credits.by[0];
  await page.goto(column.canonical_url);
  const link = page.locator('[data-article-header] a[rel="author"]').first();
  await expect(link).toHaveAttribute("href", `/autor/${author._id}/`);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: author.name })).toBeVisible();
});

test("Semana's opinion page: twelve columnists in a carousel with arrows that move it", async ({ page }) => {
  await page.goto("/opinion/");
  await hydrated(page);
  const carousel = region(page, "Columnistas");
  await expect(carousel.getByRole("link")).toHaveCount(12);
  const first = corpus.authors.find((author) => author.brand === "semana" && author.role === "Columnista")!;
  await expect(carousel.getByRole("link").first()).toHaveAttribute("href", `/opinion/${first._id}/`);
  await carousel.scrollIntoViewIfNeeded();
  const next = carousel.getByRole("button", { name: "Diapositiva siguiente" });
  await expect(next).toBeVisible();
  const track = carousel.locator(".swiper-wrapper");
  await expect(track).toHaveClass(/swiper-wrapper/);
  await page.waitForFunction(() => document.querySelector('[data-block="author-carousel"] .swiper-initialized') !== null);
  await next.click();
  await expect.poll(() => track.evaluate((el) => getComputedStyle(el).transform)).not.toBe("none");
  await carousel.getByRole("link").nth(2).click();
  await expect(page).toHaveURL(/\/opinion\/[a-z-]+\/$/);
});

test("Semana Rural: 'VER MÁS OPINIONES' with 'Ver todos' to /semanarural/opinion, and five columnists without arrows", async ({ page }) => {
  await page.goto(`http://semanarural.localhost:${PORT}/`);
  await hydrated(page);
  const opinions = region(page, "VER MÁS OPINIONES");
  const columns = withImage(docs.filter((doc) => doc.canonical_website === "semanarural" && doc.taxonomy?.primary_section?._id === "/semanarural/opinion"));
  await expect(opinions.getByRole("article")).toHaveCount(Math.min(6, columns.length));
  const columnists = region(page, "Columnistas");
  await expect(columnists.getByRole("link")).toHaveCount(5);
  await expect(columnists.getByRole("button", { name: "Diapositiva siguiente" })).toHaveCount(0);
  await opinions.getByRole("link", { name: "Ver todos" }).click();
  await expect(page).toHaveURL(`http://semanarural.localhost:${PORT}/semanarural/opinion/`);
});

test("Fucsia: a columnist's page lists only the columns of opinion-fucsia", async ({ page }) => {
  const columnist = corpus.authors.find((author) => author.brand === "fucsia" && author.role === "Columnista")!;
  const columns = withImage(storiesOf("fucsia", columnist._id, "/opinion-fucsia"));
  expect(columns.length).toBeGreaterThan(0);
  await page.goto(`http://fucsia.localhost:${PORT}/opinion/${columnist._id}/`);
  await expect(page.getByRole("heading", { level: 1, name: columnist.byline })).toBeVisible();
  await expect(listing(page)).toHaveCount(Math.min(16, columns.length));
  const hrefs = await page
    .locator('[data-block="author-listing"] [data-load-more-list] article h3 a')
    .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
  expect(hrefs.sort()).toEqual(
    columns
      .slice(0, 16)
      .map((doc) => doc.canonical_url)
      .sort(),
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the author page and the carousels fit the screen", async ({ page }) => {
    await page.goto(`/opinion/${prolific._id}/`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1, name: prolific.byline })).toBeVisible();
    await expect(listing(page)).toHaveCount(16);
    await page.getByRole("button", { name: "Cargar más artículos" }).click();
    await expect(listing(page)).toHaveCount(32);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`http://semanarural.localhost:${PORT}/`);
    await region(page, "Columnistas").scrollIntoViewIfNeeded();
    await expect(region(page, "Columnistas").getByRole("link").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
