// The daily archive over HTTP on the whole site (PGlite, seeded corpus, production build): a day
// with articles, 50 per page and load more, a day without any (200), and malformed or impossible
// dates answered 404 by the route's check before the page is resolved (decisions/0008).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { archiveHeading, archivePath } from "../../domain/archive";
import { brandIds, type BrandId } from "../../domain/brands";
import type { SeedCorpus } from "../../server/content/corpus";
import { DEFAULT_NOW, generateCorpus } from "../../server/content/seed";
import { brandHost, requestSite } from "../../tests/support/site-http";
import { startSiteServer, type SiteServer } from "../../tests/support/site-server";

const corpus: SeedCorpus = generateCorpus({ scale: 0.3, now: DEFAULT_NOW });
let site: SiteServer;

const get = (path: string, brand: BrandId = "semana") => requestSite(site.port, { host: brandHost(brand), path });

/** The Colombian day of each semana document with a promo image, and how many fall on it. */
function busiestDay(brand: BrandId): { day: string; count: number } {
  const counts = new Map<string, number>();
  for (const doc of corpus.documents as any[]) {
    if (doc.canonical_website !== brand || !doc.display_date || !doc.promo_items?.basic?.url) continue;
    const day = new Date(Date.parse(doc.display_date) - 5 * 3600_000).toISOString().slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const [day, count] = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { day, count };
}

beforeAll(async () => {
  site = await startSiteServer({ corpus, boot: { now: () => DEFAULT_NOW } });
}, 240_000);
afterAll(async () => {
  await site?.close();
});

describe("daily archive", () => {
  it("shows a day's heading at 12:00 UTC in es-CO and its articles, on every brand", async () => {
    for (const brand of brandIds) {
      const { day } = busiestDay(brand);
      const page = await get(archivePath(day), brand);
      expect(page.status, `${brand} ${day}`).toBe(200);
      const heading = archiveHeading(day);
      expect(page.body).toContain(heading.charAt(0).toUpperCase() + heading.slice(1));
      expect(page.body).toMatch(/data-load-more-list/);
    }
  });

  it("pages 50 at a time with 'Cargar más artículos' when a day has more", async () => {
    const { day, count } = busiestDay("semana");
    const page = await get(archivePath(day));
    const shown = page.body.match(/<li data-key=/g)?.length ?? 0;
    expect(shown).toBe(Math.min(count, 50));
    if (count > 50) {
      const endpoint = /data-load-more="([^"]+)"/.exec(page.body)![1].replaceAll("&amp;", "&");
      const next = await get(`${endpoint}&path=${encodeURIComponent(archivePath(day))}`);
      expect(next.status).toBe(200);
      expect(JSON.parse(next.body).html.match(/<li data-key=/g)?.length).toBe(Math.min(count - 50, 50));
    }
  });

  it("says so on a day without articles (200)", async () => {
    const page = await get("/archivo/2001/01/01/");
    expect(page.status).toBe(200);
    expect(page.body).toContain("No hay artículos publicados el lunes, 1 de enero de 2001.");
  });

  it("answers 404 for a malformed or impossible date", async () => {
    for (const path of [
      "/archivo/2024/02/30/",
      "/archivo/2023/02/29/",
      "/archivo/2024/13/01/",
      "/archivo/2024/5/20/",
      "/archivo/abcd/05/20/",
      "/archivo/1999/12/31/",
      "/archivo/2024/05/00/",
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get("/archivo/2024/02/29/")).status).toBe(200);
  });
});
