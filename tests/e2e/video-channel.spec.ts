// Semana TV in Chromium at 390×844 and 1366×768 (docs/video-channel.md): the bar walked item by
// item, a category row moved and followed to its page, a programme page reached from the
// programmes strip, and 'Más videos' to the end of a list, without a reload.
import { expect, hydrated, test } from "./fixtures";

const VIEWPORTS = [
  { name: "teléfono", width: 390, height: 844 },
  { name: "escritorio", width: 1366, height: 768 },
];

const BAR = [
  { label: "Inicio", path: "/tv/", heading: "Semana TV" },
  { label: "Programas de opinión", path: "/semana-tv/programas/", heading: "Programas" },
  { label: "Semana Noticias", path: "/semana-tv/programas/semana-noticias/", heading: "Semana Noticias" },
  { label: "Categorías", path: "/semana-tv/categorias/", heading: "Categorías" },
  { label: "Lo más viral", path: "/semana-tv/virales/", heading: "Lo más viral" },
];

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the bar leads to each page of the channel and marks it; every page is dark and fits the screen", async ({ page }) => {
      await page.goto("/tv/");
      await hydrated(page);
      for (const item of BAR) {
        const bar = page.getByRole("navigation", { name: "Semana TV" });
        await bar.getByRole("link", { name: item.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${item.path.replace(/\//g, "\\/")}$`));
        const current = page.getByRole("navigation", { name: "Semana TV" }).getByRole("link", { name: item.label, exact: true });
        await expect(current).toHaveAttribute("aria-current", "page");
        // On a phone the bar scrolls sideways: the current item is brought into view.
        await expect(current).toBeInViewport({ ratio: 1 });
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(item.heading);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe("rgb(17, 17, 17)");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        // Every subheadline of a video card is cut at 80 characters (plus '...').
        const subheadlines = await page.locator("article p").allTextContents();
        expect(subheadlines.every((text) => text.length <= 83)).toBe(true);
      }
    });

    test("a category row moves and leads to the category's page", async ({ page }) => {
      await page.goto("/semana-tv/categorias/");
      await hydrated(page);
      const row = page.getByRole("region", { name: "Entrevistas" }).first();
      await expect(row.getByRole("article")).toHaveCount(10);
      const carousel = row.locator("[data-carousel]");
      await expect(carousel.locator(".swiper-initialized")).toHaveCount(1);
      const dots = carousel.locator("[data-carousel-dots] button");
      await expect(dots.first()).toHaveAttribute("aria-current", "true");
      if (viewport.width >= 1024) await row.getByRole("button", { name: "Diapositiva siguiente" }).click();
      else await dots.nth(1).click();
      await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
      await row.getByRole("heading", { level: 2 }).getByRole("link", { name: "Entrevistas" }).click();
      await expect(page).toHaveURL(/\/semana-tv\/categorias\/entrevistas\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Entrevistas");
      await expect(page.getByRole("heading", { level: 2, name: "Últimos videos" })).toBeVisible();
    });

    test("a programme's page, from the programmes strip: its heading, its player and 'Más videos' to the end", async ({ page }) => {
      await page.goto("/semana-tv/programas/");
      await hydrated(page);
      await page.getByRole("region", { name: "Programas de opinión" }).getByRole("link", { name: "El Control" }).click();
      await expect(page).toHaveURL(/\/semana-tv\/programas\/el-control\/$/);
      await hydrated(page);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("El Control");
      await expect(page.getByRole("link", { name: /^Reproducir video: / })).toBeVisible();
      await expect(page.getByRole("region", { name: "Lo último" }).getByRole("article")).toHaveCount(9);
      await expect(page.getByRole("region", { name: "Programas de opinión" }).getByRole("link", { name: "El Control" })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const others = page.locator('[data-block-id="otros-videos"] [data-load-more-list] > [data-key]');
      await expect(others).toHaveCount(4);
      await page.evaluate(() => ((window as any).__sinRecargar = true));
      await page.getByRole("button", { name: "Más videos" }).click();
      // El Control has 15 documents: 10 at the top, 4, then the last one.
      await expect(others).toHaveCount(5);
      await expect(page.getByRole("button", { name: "Más videos" })).toHaveCount(0);
      expect(await page.evaluate(() => (window as any).__sinRecargar)).toBe(true);
    });

    test("Lo más viral: the lead and 'Lo último' (9), then 'Últimos videos' from the 10th; 'Más videos' keeps its label while more remain", async ({
      page,
    }) => {
      // docs/video-channel.md#counts: the other list, 12 at offset 9 after the lead's 9. Its 13 videos:
      // the lead, 8 beside it, and the last 4 in the list, which then has no button.
      await page.goto("/semana-tv/virales/");
      await hydrated(page);
      await expect(page.locator('[data-block-id="video-principal"] article')).toHaveCount(8);
      const items = page.locator('[data-block-id="ultimos-videos"] [data-load-more-list] > [data-key]');
      await expect(items).toHaveCount(4);
      await expect(page.getByRole("heading", { name: "Últimos videos" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Más videos" })).toHaveCount(0);

      // A longer feed: 'Otros videos' on /semana-tv/, 4 at a time, the button named 'Más videos' again after each.
      await page.goto("/semana-tv/");
      await hydrated(page);
      const others = page.locator('[data-block-id="otros-videos"] [data-load-more-list] > [data-key]');
      await expect(others).toHaveCount(4);
      for (const count of [8, 12]) {
        await page.getByRole("button", { name: "Más videos" }).click();
        await expect(others).toHaveCount(count);
        await expect(page.getByRole("button", { name: "Más videos" })).toBeEnabled();
      }
      const keys = await others.evaluateAll((list) => list.map((item) => (item as HTMLElement).dataset.key));
      expect(new Set(keys).size).toBe(keys.length);
    });
  });
}
