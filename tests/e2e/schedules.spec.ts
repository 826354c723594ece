// Publication windows in Chromium (docs/decisions/0073-publication-schedules.md): a scheduled block
// appears at its publishFrom and leaves at its publishUntil with no deploy, the page cache and the
// CDN's Cache-Control ending at each boundary; the page editor marks the block and previews the page
// at a chosen instant. The site runs in this process on a copy of page-definitions/ with one page of
// its own, and its clock is the test's (what SITE_NOW would start, stopped and moved by the test): no
// test waits for real time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { startSiteServer, type SiteServer } from "../support/site-server";
import { pageMigrations } from "../../server/page-migrations";
import { currentVersion } from "../../tooling/migrate";

const FROM = "2026-12-01T06:00:00-05:00";
const UNTIL = "2026-12-01T06:00:30-05:00";
const FILE = "semana/programacion-de-prueba.json";
const ROUTE = "/programacion-de-prueba/";

/** The site's clock: both the resolver's "now" and the page cache's. */
let now = new Date("2026-12-01T05:59:55-05:00");
let pagesDir: string;
let site: SiteServer | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  pagesDir = fs.mkdtempSync(path.join(os.tmpdir(), "paginas-programadas-"));
  fs.cpSync(path.join(process.cwd(), "page-definitions"), pagesDir, { recursive: true });
  const message = (id: string, title: string, window: Record<string, string> = {}) => ({
    type: "message",
    id,
    settings: { published: true, title, ...window },
  });
  const definition = {
    $schema: "../../schemas/pages.schema.json",
    schemaVersion: currentVersion(pageMigrations),
    id: "programacion-de-prueba",
    brand: "semana",
    route: ROUTE,
    layout: "single-section",
    metadata: { title: "Programación de prueba | Semana" },
    regions: { main: [message("siempre", "Programación de prueba"), message("manana", "Especial de la mañana", { publishFrom: FROM, publishUntil: UNTIL })] },
  };
  fs.writeFileSync(path.join(pagesDir, FILE), `${JSON.stringify(definition, null, 2)}\n`);
});

test.afterAll(async () => {
  await site?.close();
  if (pagesDir) fs.rmSync(pagesDir, { recursive: true, force: true });
});

/** A site on the copied pages whose clock is `now`; with `editor`, the editors' tools on (they bypass the page cache). */
async function startSite(editor: boolean): Promise<string> {
  await site?.close();
  site = await startSiteServer({
    env: { PAGES_DIR: pagesDir, BLOCKS_DEBUG: "1", EDITOR: editor ? "1" : "0" },
    boot: { now: () => now },
    pageCache: { freshSeconds: 10, staleSeconds: 60, now: () => now.getTime() },
  });
  return site.origin;
}

test("a scheduled block appears at its start and leaves at its end, each cached copy ending there", async ({ page }) => {
  test.setTimeout(300_000);
  const origin = await startSite(false);
  const scheduled = page.locator('[data-block-id="manana"]');
  const visit = async (at: string) => {
    now = new Date(at);
    const response = await page.goto(`${origin}${ROUTE}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Programación de prueba" })).toBeVisible();
    return response!.headers();
  };

  // Five seconds before it starts: not there, and no cache keeps the page past its start.
  let headers = await visit("2026-12-01T05:59:55-05:00");
  await expect(scheduled).toHaveCount(0);
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=0, stale-if-error=86400");
  expect(headers["x-page-cache"]).toBe("MISS");
  // The page cache keeps it meanwhile, and says how old its copy is.
  headers = await visit("2026-12-01T05:59:58-05:00");
  expect(headers["x-page-cache"]).toBe("HIT");
  expect(headers["age"]).toBe("3");
  await expect(scheduled).toHaveCount(0);

  // At its start: the copy has ended, the block shows, and the page is kept until its end.
  headers = await visit(FROM);
  await expect(scheduled.getByRole("heading", { name: "Especial de la mañana" })).toBeVisible();
  expect(headers["x-page-cache"]).toBe("MISS");
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=0, stale-if-error=86400");

  // A second before its end it is still there; at its end it is gone, and nothing more is scheduled.
  await visit("2026-12-01T06:00:29-05:00");
  await expect(scheduled).toBeVisible();
  headers = await visit(UNTIL);
  await expect(scheduled).toHaveCount(0);
  expect(headers["x-page-cache"]).toBe("MISS");
  expect(headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600, stale-if-error=86400");

  // The debug view says why the block is not shown.
  await page.goto(`${origin}${ROUTE}?debug=blocks`);
  await expect(page.locator('[data-debug-block="manana"]')).toContainText(`scheduled: vencido: se mostró hasta ${UNTIL}`);
});

test("the page editor marks the scheduled block and previews the page at a chosen instant", async ({ page }) => {
  test.setTimeout(300_000);
  // The site's clock, for the preview before an instant is chosen, and the editor's, for the badge.
  now = new Date("2026-12-01T05:00:00-05:00");
  const origin = await startSite(true);
  await page.clock.setFixedTime(new Date("2026-12-01T05:00:00-05:00"));
  await page.goto(`${origin}/_editor/?archivo=${FILE}`);
  const badge = page.locator('[data-block-id="manana"] .programado');
  // Colombia's time, to the minute: the block shows for its first 30 seconds past 06:00.
  await expect(badge).toHaveText(/^Programado: desde 01\/12\/2026,? 06:00 hasta 01\/12\/2026,? 06:00 · Pendiente$/);
  await expect(page.locator('[data-block-id="siempre"] .programado')).toHaveCount(0);
  // Its settings form has the window's two fields, as every block's has.
  await page.locator('[data-block-id="manana"] strong').click();
  await expect(page.locator(".editor-formulario").getByText("Publicar desde", { exact: true })).toBeVisible();
  await expect(page.locator(".editor-formulario").getByText("Publicar hasta", { exact: true })).toBeVisible();
  const preview = page.frameLocator("iframe[name=vista-previa]");
  const scheduled = preview.locator('[data-block-id="manana"]');
  await expect(preview.getByRole("heading", { name: "Programación de prueba" })).toBeVisible();

  await expect(scheduled).toHaveCount(0);

  // Each instant: the badge says where it falls in the window, and the preview shows the page then.
  const instant = page.getByLabel("Ver en el instante");
  await instant.fill("2026-12-01T06:00:10");
  await expect(badge).toHaveText(/· En curso$/);
  await expect(scheduled.getByRole("heading", { name: "Especial de la mañana" })).toBeVisible();
  await instant.fill("2026-12-01T06:00:30");
  await expect(badge).toHaveText(/· Vencido$/);
  await expect(scheduled).toHaveCount(0);
  await expect(preview.getByRole("heading", { name: "Programación de prueba" })).toBeVisible();
});
