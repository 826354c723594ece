// A store is seeded with a corpus dated back from the moment of seeding, not from the generator's fixed
// date (DEFAULT_NOW): `npm start` run any day serves that day's news, so the news sitemap holds its last
// 48 hours (docs/decisions/0016-output-types.md) and the newest cards say 'Hace N minutos'. Issue 24,
// point 12. The generator keeps taking its clock, so every other test still knows its corpus.
import { afterEach, describe, expect, it } from "vitest";
import { requestSite } from "../../../tests/support/site-http";
import { startSiteServer, type SiteServer } from "../../../tests/support/site-server";
import { DEFAULT_NOW, generateCorpus } from "./index";

const WEEK = 7 * 24 * 3600_000;
let site: SiteServer | undefined;
let seededAt: Date[] = [];

/** The generated corpus, small, dated from the moment boot gives (as `npm start` generates it, at full scale). */
const makeCorpus = (at: Date) => {
  seededAt.push(at);
  return generateCorpus({ now: at, scale: 0.05 });
};

const get = (path: string) => requestSite(site!.port, { host: "localhost", path });

afterEach(async () => {
  await site?.close();
  site = undefined;
  seededAt = [];
});

describe("the moment the store is seeded", () => {
  it("dates the corpus from the system's clock: fresh news sitemap and 'Hace N minutos'", { timeout: 240_000 }, async () => {
    const before = Date.now();
    site = await startSiteServer({ env: { SITE_NOW: "", SEED_NOW: "" }, boot: { makeCorpus } });
    expect(seededAt).toHaveLength(1);
    expect(seededAt[0]!.getTime()).toBeGreaterThanOrEqual(before);
    expect(seededAt[0]!.getTime()).toBeLessThanOrEqual(Date.now());
    const news = await get("/arc/outboundfeeds/news-sitemap/");
    expect(news.status).toBe(200);
    expect(news.body).toContain("<news:publication_date>");
    expect((await get("/")).body).toMatch(/Hace \d+ minutos/);
  });

  it("is SITE_NOW's instant when the site's clock is set: a week later, the news sitemap is not empty", { timeout: 240_000 }, async () => {
    const later = new Date(DEFAULT_NOW.getTime() + WEEK);
    site = await startSiteServer({ env: { SITE_NOW: later.toISOString(), SEED_NOW: "" }, boot: { makeCorpus } });
    expect(seededAt.map((at) => at.toISOString())).toEqual([later.toISOString()]);
    const news = await get("/arc/outboundfeeds/news-sitemap/");
    expect(news.status).toBe(200);
    expect(news.body).toContain("<news:publication_date>");
  });

  it("is SEED_NOW when set, whatever the site's clock (the end-to-end run knows its corpus by it)", { timeout: 240_000 }, async () => {
    site = await startSiteServer({ env: { SITE_NOW: "", SEED_NOW: DEFAULT_NOW.toISOString() }, boot: { makeCorpus } });
    expect(seededAt.map((at) => at.toISOString())).toEqual([DEFAULT_NOW.toISOString()]);
  });
});
