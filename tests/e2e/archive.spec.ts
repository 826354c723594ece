// The daily archive (/archivo/aaaa/mm/dd/): the day's heading, 50 articles then 'Cargar más
// artículos', a day without articles, and an impossible date (docs/archives.md#daily-archive).
import { archivePath } from "../../domain/archive";
import { seededCorpus } from "./corpus";
import { expect, test } from "./fixtures";

const corpus = seededCorpus;

/** Semana's Colombian day with the most articles that have a promo image. */
function busiestDay(): { day: string; count: number } {
  const counts = new Map<string, number>();
  for (const doc of corpus.documents as any[]) {
    if (doc.canonical_website !== "semana" || !doc.display_date || !doc.promo_items?.basic?.url) continue;
    const day = new Date(Date.parse(doc.display_date) - 5 * 3600_000).toISOString().slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const [day, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { day, count };
}

test("a day of the archive shows its date and articles, and loads more", async ({ page }) => {
  const { day, count } = busiestDay();
  const response = await page.goto(archivePath(day));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^[A-ZÁÉÍÓÚ][a-záéíóú]+, \d{1,2} de [a-z]+ de \d{4}$/);
  const items = page.locator('[data-block="daily-archive"] [data-load-more-list] > [data-key]');
  await expect(items).toHaveCount(Math.min(count, 50));
  if (count > 50) {
    await page.getByRole("button", { name: "Cargar más artículos" }).click();
    await expect(items).toHaveCount(Math.min(count, 100));
  }
});

test("a day without articles says so; an impossible date is not found", async ({ page }) => {
  const empty = await page.goto("/archivo/2001/01/01/");
  expect(empty?.status()).toBe(200);
  await expect(page.getByRole("status")).toHaveText("No hay artículos publicados el lunes, 1 de enero de 2001.");
});

test.describe("not found", () => {
  test.use({ allowedProblems: [/404/] });
  test("an impossible date answers 404", async ({ page }) => {
    expect((await page.goto("/archivo/2024/02/30/"))?.status()).toBe(404);
  });
});
