// Every menu link of every brand answers 200 (docs/brands.md, docs/article-pages.md#menus): the
// header's main menu, 'Más', the hamburger and the footer, as the home page renders them, on the
// production server with the generated corpus; and the section label of every article (nested
// sections included, e.g. 'Opinión económica') links to a page that exists.
import { describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { sectionPagePath } from "../../domain/sections";
import { finalStatus as reachedStatus, getPage, pageLinks } from "../support/site-http";
import { generatedSiteForFile } from "../support/site-server";

const server = generatedSiteForFile();

const get = (brand: BrandId, pagePath: string) => getPage(server.site.port, brand, pagePath);
const finalStatus = (brand: BrandId, pagePath: string) => reachedStatus(server.site.port, brand, pagePath);
/** The site paths linked from the page's header, navigation and footer elements. */
const menuLinks = (html: string) => pageLinks(html, ["header", "nav", "footer"]);

describe("menus of every brand", () => {
  it("lead only to pages that answer 200 (0 × 404)", async () => {
    const broken: string[] = [];
    let walked = 0;
    for (const brand of brandIds) {
      const home = await get(brand, "/");
      expect(home.status, brand).toBe(200);
      const links = menuLinks(home.body);
      expect(links.length, brand).toBeGreaterThan(10);
      for (const link of links) {
        walked++;
        const status = await finalStatus(brand, link);
        if (status !== 200) broken.push(`${brand} ${link}: ${status}`);
      }
    }
    expect(broken).toEqual([]);
    expect(walked).toBeGreaterThan(100);
  }, 240_000);

  it("include the pages the spec names: the cartoons gallery, the cápsulas (first 10) and Empresas", async () => {
    for (const path of ["/caricaturas/galeria/", "/economia/capsulas/", "/economia/empresas/"]) {
      expect(await finalStatus("semana", path), path).toBe(200);
    }
    const capsulas = await get("semana", "/economia/capsulas/");
    expect(capsulas.body).toContain("Cápsulas económicas");
    const cards = capsulas.body.match(/<article\b/g) ?? [];
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.length).toBeLessThanOrEqual(10);
  }, 60_000);

  it("link every article's section label to a page that exists, nested sections included", async () => {
    const primaries = new Map<string, { brand: BrandId; id: string }>();
    for (const doc of server.corpus.documents as Array<Record<string, any>>) {
      const id = doc.taxonomy?.primary_section?._id;
      const brand = doc.canonical_website as BrandId;
      if (typeof id === "string" && brandIds.includes(brand) && doc.type === "story") primaries.set(`${brand}${id}`, { brand, id });
    }
    const broken: string[] = [];
    for (const { brand, id } of primaries.values()) {
      const status = await finalStatus(brand, sectionPagePath(brand, id) ?? `${id}/`);
      if (status !== 200) broken.push(`${brand} ${id}: ${status}`);
    }
    expect(primaries.size).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  }, 240_000);
});
