// 'Lo último' beside an article is the brand's latest-news collection (content-api-collections, 5 items:
// docs/listings.md#sidebar-lists), the "lo-ultimo" collection the seeded store ships for every brand, not
// the latest-stories feed. Issue 24, point 10. Over real HTTP, on the production server.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { isSitePath } from "../../domain/urls";
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";
import { brandHost, requestSite } from "../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../tests/support/site-server";
import { LATEST_NEWS_SIZE } from "./index.server";

const LATEST = "lo-ultimo";
let site: SiteServer;
const corpus: SeedCorpus = generateCorpus({ scale: 0.05 });
/** Per brand, the collection as this test curates it: the brand's oldest stories, never what latest-stories gives. */
const curated = new Map<BrandId, any[]>();

const stories = (brand: BrandId) =>
  (corpus.documents as any[]).filter(
    (doc) => doc.canonical_website === brand && doc.type === "story" && isSitePath(doc.canonical_url) && !doc.related_content?.redirect && doc.headlines?.basic,
  );

const get = (brand: BrandId, pagePath: string) => requestSite(site.port, { host: brandHost(brand), path: pagePath });

/** The links of the 'Lo último' list (the section labelled by «…-latest»). */
function latestLinks(html: string): string[] {
  const section = html.match(/<section[^>]*aria-labelledby="[^"]*-latest"[^>]*>([\s\S]*?)<\/section>/);
  return section ? [...section[1].matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]) : [];
}

beforeAll(async () => {
  quietServerRenderWarnings();
  for (const brand of ["semana", "elpais", "soho"] as const) {
    const oldest = stories(brand)
      .sort((a, b) => Date.parse(a.first_publish_date ?? a.publish_date) - Date.parse(b.first_publish_date ?? b.publish_date))
      .slice(0, LATEST_NEWS_SIZE + 3);
    curated.set(brand, oldest);
    const collection = corpus.collections.find((c) => c.brand === brand && c._id === LATEST)!;
    collection.items = oldest.map((doc) => doc._id);
  }
  site = await startSiteServer({ corpus });
}, 300_000);

afterAll(async () => {
  await site?.close();
});

describe("'Lo último' beside an article", () => {
  it("every news sidebar of the templates reads a collection the seeded store has on every brand", () => {
    const generated = generateCorpus({ scale: 0.05 });
    const files = fs.readdirSync("page-definitions", { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".json"));
    const sidebars = files.flatMap((file) => {
      const text = fs.readFileSync(path.join("page-definitions", file), "utf8");
      return [...text.matchAll(/"type": "news-sidebar"[\s\S]*?"settings": (\{[^}]*\})/g)].map((m) => ({ file, settings: JSON.parse(m[1]) }));
    });
    expect(sidebars.length).toBeGreaterThan(10);
    for (const { file, settings } of sidebars) {
      expect(settings.collectionId, file).toBe(LATEST);
    }
    for (const brand of brandIds) {
      const collection = generated.collections.find((c) => c.brand === brand && c._id === LATEST);
      expect(collection?.items.length, brand).toBeGreaterThan(LATEST_NEWS_SIZE);
    }
  });

  it.each(["semana", "elpais", "soho"] as const)("on %s lists the brand's latest-news collection, 5 items, without the article read", async (brand) => {
    const read = stories(brand).find((doc) => !curated.get(brand)!.includes(doc) && doc.subtype !== "edicion-impresa")!;
    const page = await get(brand, read.canonical_url);
    expect(page.status).toBe(200);
    const expected = curated
      .get(brand)!
      .map((doc) => doc.canonical_url)
      .slice(0, LATEST_NEWS_SIZE);
    expect(latestLinks(page.body)).toEqual(expected);
    // The first of the collection, read: the list goes on with the sixth.
    const first = curated.get(brand)![0];
    const own = await get(brand, first.canonical_url);
    expect(own.status).toBe(200);
    expect(latestLinks(own.body)).toEqual(
      curated
        .get(brand)!
        .slice(1, LATEST_NEWS_SIZE + 1)
        .map((doc) => doc.canonical_url),
    );
  });
});
