// The search page (/buscador/): the header's link, a typed query, highlighted results, a facet,
// 'Cargar más artículos' and hostile queries (docs/listings.md#search-results).
import { expect, hydrated, test } from "./fixtures";

test("a reader searches from the header, narrows by type and loads more results", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/buscador\/$/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByText("Escriba una o varias palabras para buscar noticias, videos y galerías.")).toBeVisible();

  // Without accents: "economia" finds "Economía".
  await page.getByRole("searchbox", { name: "Buscar en el sitio" }).fill("economia");
  await page.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page).toHaveURL(/\/buscador\/\?query=economia$/);
  await expect(page.getByRole("status").filter({ hasText: /resultados? para «economia»/ })).toBeVisible();
  const results = page.locator("[data-load-more-list] > [data-key]");
  await expect(results).toHaveCount(10);
  await expect(page.locator("[data-load-more-list] mark").first()).toHaveText(/econom[ií]a/i);

  await page.evaluate(() => ((window as any).__sinRecargar = true));
  const more = page.getByRole("button", { name: "Cargar más artículos" });
  await more.click();
  await expect.poll(() => results.count()).toBeGreaterThan(10);
  const keys = await results.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.key));
  expect(new Set(keys).size).toBe(keys.length);
  expect(await page.evaluate(() => (window as any).__sinRecargar)).toBe(true);

  await page
    .getByRole("navigation", { name: "Tipo de contenido" })
    .getByRole("link", { name: /^Artículos/ })
    .click();
  await expect(page).toHaveURL(/tipo=story/);
  await expect(page.getByRole("navigation", { name: "Tipo de contenido" }).getByRole("link", { name: /^Artículos/ })).toHaveAttribute("aria-current", "true");
});

test("a query with no match, a very long one and control characters answer 200 with a message", async ({ page }) => {
  const none = await page.goto("/buscador/?query=zxqwvbn");
  expect(none?.status()).toBe(200);
  await expect(page.getByText("No encontramos resultados para «zxqwvbn».")).toBeVisible();

  const long = await page.goto(`/buscador/?query=${"a".repeat(2_000)}`);
  expect(long?.status()).toBe(200);
  await expect(page.getByText("Su búsqueda era muy larga: se buscaron solo las primeras palabras.")).toBeVisible();

  const control = await page.goto("/buscador/?query=%00%1B%5B31m%3Cscript%3Ealert(1)%3C%2Fscript%3E&tipo=podcast&desde=2024-02-30");
  expect(control?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Resultados de búsqueda" })).toBeVisible();
});

// React error #345 ("Root did not complete"): Remix's single fetch read the page's data when React first
// rendered the root, so hydration began by waiting on it, and a click in that moment made React 18
// hydrate the root synchronously, which cannot wait. The data must be read before hydration starts.
test("the page's data is read before React hydrates, so an early click never meets a waiting root", async ({ page }) => {
  await page.addInitScript(() => {
    let context: any;
    Object.defineProperty(window, "__remixContext", {
      configurable: true,
      get: () => context,
      set(value) {
        context = value;
        let stream: unknown;
        Object.defineProperty(value, "stream", {
          configurable: true,
          get() {
            // Remix asks for the stream when it starts reading it: has React begun hydrating?
            (window as any).__hidratandoAlLeer ??= Object.keys(document).some((key) => key.startsWith("__reactContainer$"));
            return stream;
          },
          set: (next: unknown) => (stream = next),
        });
      },
    });
  });
  await page.goto("/buscador/?query=colombia");
  await hydrated(page);
  expect(await page.evaluate(() => (window as any).__hidratandoAlLeer)).toBe(false);
});

test("the search page and its facets, loaded again and again, never fail in the browser", async ({ page }) => {
  // Two rounds of six page loads (the race this guards against, React's #345, is also pinned by the
  // test above, deterministically): three times the usual time on a busy machine.
  test.slow();
  for (let round = 0; round < 2; round++) {
    await page.goto("/");
    await page.getByRole("link", { name: "Buscar", exact: true }).click();
    await page.getByRole("searchbox", { name: "Buscar en el sitio" }).fill("colombia");
    await page.getByRole("button", { name: "Buscar", exact: true }).click();
    await expect(page).toHaveURL(/query=colombia$/);
    const facets = page.getByRole("navigation", { name: "Tipo de contenido" }).getByRole("link");
    const labels = await facets.allTextContents();
    for (const label of labels) {
      await facets.filter({ hasText: label }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Resultados de búsqueda" })).toBeVisible();
    }
  }
  await hydrated(page);
});
