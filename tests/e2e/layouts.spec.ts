// The blocks pages inherit from their layout's files (docs/decisions/0074-layouts-own-the-shared-blocks.md)
// as a reader sees them in Chromium: Semana TV's pages change the inherited header (dark) while another
// page of the same layout shows it as the layout file writes it; a page that hides the trending bar, and
// a brand whose own file hides it, show none; ?debug=blocks says which blocks come from which file.
import { expect, hydrated, PORT, test } from "./fixtures";

const origin = (brand: string) => `http://${brand}.localhost:${PORT}`;
const LAYOUT_FILE = "page-definitions/_layouts/header-main-footer.json";

test("a page that changes its inherited header shows its own settings; another page of the layout shows the layout file's", async ({ page }) => {
  const header = page.locator('[data-block="site-header"] [data-mode]');
  // The dark header writes in the dark theme's colour, the inherited one in the page's.
  const textColor = () => header.evaluate((element) => getComputedStyle(element).color);
  const panel = page.getByRole("region", { name: "Diagnóstico de bloques" });

  await page.goto("/semana-tv/?debug=blocks");
  await hydrated(page);
  await expect(header).toHaveAttribute("data-mode", "Oscuro");
  const dark = await textColor();
  // The header is the page's own (its settings); the footer still comes from the layout file.
  await expect(panel.locator('[data-debug-block="encabezado"]')).toContainText("la página");
  await expect(panel.locator('[data-debug-block="pie"]')).toContainText(`heredado de ${LAYOUT_FILE}`);

  await page.goto("/edicion/?debug=blocks");
  await hydrated(page);
  await expect(header).toHaveAttribute("data-mode", "Normal");
  expect(await textColor()).not.toBe(dark);
  await expect(panel.locator('[data-debug-block="encabezado"]')).toContainText(`heredado de ${LAYOUT_FILE}`);
  await expect(page.locator('[data-block="site-footer"]')).toBeVisible();
});

test("a page or a brand that hides the inherited trending bar shows none, where the others of the layout show it", async ({ page }) => {
  const trending = page.locator('[data-block="trending-bar"]');
  await page.goto("/nacion/");
  await expect(trending).toBeVisible();
  // The opinion page hides it ("hide": ["tendencias"]).
  await page.goto("/opinion/");
  await expect(page.locator('[data-block="site-header"]')).toBeVisible();
  await expect(trending).toHaveCount(0);
  // Foros Semana's own layout file hides it on all its pages; Fucsia's pages keep the every-brand one.
  await page.goto(`${origin("forosemana")}/`);
  await expect(page.locator('[data-block="site-header"]')).toBeVisible();
  await expect(trending).toHaveCount(0);
  await page.goto(`${origin("fucsia")}/`);
  await expect(trending).toBeVisible();
});
