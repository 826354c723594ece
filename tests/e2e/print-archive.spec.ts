// The print-edition archive at /edicion/ (docs/archives.md#print-archive): the latest edition with
// 'Ver impresa', 'ÚLTIMAS EDICIONES' by year (20 per year), 5 years at first and 5 more per click
// back to 2000, print cards linking each day's archive, at 1366×768 and 390×844.
import { archivePath, colombianDay, colombianYear } from "../../domain/archive";
import { seededCorpus } from "./corpus";
import { expect, hydrated, test } from "./fixtures";

const corpus = seededCorpus;
const editions = (corpus.documents as any[])
  .filter((doc) => doc.canonical_website === "semana" && doc.taxonomy?.primary_section?._id === "/edicion")
  .sort((a, b) => Date.parse(b.display_date) - Date.parse(a.display_date));
const latest = editions[0];
const yearOf = (doc: any) => Number(colombianDay(doc.display_date)!.slice(0, 4));
/** The years the archive lists: from this year in Colombia back to 2000, those with editions. */
const years = Array.from({ length: colombianYear(new Date()) - 1999 }, (_, i) => colombianYear(new Date()) - i);
const shownPerYear = new Map(years.map((year) => [year, Math.min(20, editions.filter((doc) => yearOf(doc) === year).length)]));
const listedYears = years.filter((year) => shownPerYear.get(year)! > 0);
const firstPageYears = years.slice(0, 5).filter((year) => shownPerYear.get(year)! > 0);

const yearHeadings = (page: import("@playwright/test").Page) => page.locator('[data-block="print-archive"] [data-load-more-list] > li > h3');

test("the latest edition with 'Ver impresa', then five years of editions, and five more per click back to 2000", async ({ page }) => {
  const response = await page.goto("/edicion/");
  expect(response?.status()).toBe(200);
  await hydrated(page);
  const hero = page.getByRole("region", { name: latest.headlines.basic });
  await expect(hero.getByText("Última edición", { exact: true })).toBeVisible();
  await expect(hero.getByRole("link", { name: "Ver impresa" })).toHaveAttribute("href", latest.additional_properties.edition.flip_url);
  await expect(hero.getByRole("link", { name: "Ver impresa" })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("heading", { level: 2, name: "ÚLTIMAS EDICIONES" })).toBeVisible();
  await expect(yearHeadings(page)).toHaveText(firstPageYears.map(String));
  for (const year of firstPageYears) {
    const group = page
      .locator('[data-block="print-archive"] [data-load-more-list] > li')
      .filter({ has: page.getByRole("heading", { level: 3, name: String(year), exact: true }) });
    await expect(group.getByRole("article")).toHaveCount(shownPerYear.get(year)!);
  }
  const more = page.getByRole("button", { name: "Ver años anteriores" });
  let clicks = 0;
  while (await more.isVisible()) {
    await more.click();
    clicks++;
    await expect(yearHeadings(page)).toHaveCount(listedYears.filter((year) => years.indexOf(year) < Math.min(years.length, 5 * (clicks + 1))).length);
  }
  await expect(more).toHaveCount(0);
  expect(clicks).toBe(Math.ceil(years.length / 5) - 1);
  await expect(yearHeadings(page)).toHaveText(listedYears.map(String));
  await expect(yearHeadings(page).last()).toHaveText("2000");
  const total = [...shownPerYear.values()].reduce((sum, n) => sum + n, 0);
  await expect(page.locator('[data-block="print-archive"] [data-load-more-list] article')).toHaveCount(total);

  // A card of the year 2000: its subheadline at most 80 characters (plus '...'), its date a link to that day's archive.
  const oldest = editions.filter((doc) => yearOf(doc) === 2000)[0];
  const card = page.getByRole("article").filter({ has: page.getByRole("link", { name: oldest.headlines.basic, exact: true }) });
  const day = colombianDay(oldest.display_date)!;
  const dayLink = card.getByRole("link", { name: /^Archivo del / });
  await expect(dayLink).toHaveAttribute("href", archivePath(day));
  expect((await card.locator("p").last().textContent())!.length).toBeLessThanOrEqual(83);
  await dayLink.click();
  await expect(page).toHaveURL(new RegExp(`${archivePath(day)}$`));
  await expect(page.getByRole("link", { name: oldest.headlines.basic })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the hero, the years and the next years fit the screen", async ({ page }) => {
    await page.goto("/edicion/");
    await hydrated(page);
    await expect(page.getByRole("link", { name: "Ver impresa" })).toBeVisible();
    await expect(yearHeadings(page)).toHaveText(firstPageYears.map(String));
    await page.getByRole("button", { name: "Ver años anteriores" }).click();
    await expect(yearHeadings(page)).toHaveCount(listedYears.filter((year) => years.indexOf(year) < 10).length);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
