// The JavaScript budgets (docs/decisions/0009-islands.md), over the production build and the pages
// the server renders from the seeded content: a reader's browser loads at most 100 KiB (gzip) of
// JavaScript with an article, 120 KiB with a home page, and no page more than 150 KiB.
// `npm run bench:weight` prints the figures, with what each page may load later.
import { brands } from "../../brands";
import { fetchPagesToWeigh, KIB, pageWeight, readBuild, type FetchedPage } from "../support/page-weight";
import { generatedSiteForFile } from "../support/site-server";

export const BUDGETS = { article: 100 * KIB, home: 120 * KIB, anyPage: 150 * KIB };

const server = generatedSiteForFile();
let pages: FetchedPage[] = [];

beforeAll(async () => {
  pages = await fetchPagesToWeigh(server.site.port, server.corpus);
}, 300_000);

describe("JavaScript budgets", () => {
  const build = () => readBuild(".");

  it("weighs a home, a section and every article kind of every brand", () => {
    const brandsWeighed = new Set(pages.map((page) => page.brand));
    expect(brandsWeighed.size).toBe(Object.keys(brands).length);
    for (const kind of ["portada", "sección", "artículo", "galería", "en vivo", "video"])
      expect(
        pages.some((page) => page.kind === kind),
        kind,
      ).toBe(true);
  });

  it("keeps article pages within 100 KiB and home pages within 120 KiB of JavaScript at load", () => {
    const b = build();
    const gate = b.blockChunk("age-gate", "enhancer");
    for (const page of pages) {
      const weight = pageWeight(page.html, b);
      const where = `${page.brand} ${page.kind} ${page.path}: ${(weight.js / KIB).toFixed(1)} KiB`;
      // Soho's age gate, on every page of the brand by law, is counted apart (decision 0015).
      const ageGate = gate && page.html.includes('data-block="age-gate"') ? b.gzipSize(gate) : 0;
      if (["artículo", "galería", "en vivo", "video"].includes(page.kind)) expect(weight.js - ageGate, where).toBeLessThanOrEqual(BUDGETS.article);
      if (page.kind === "portada") expect(weight.js, where).toBeLessThanOrEqual(BUDGETS.home);
    }
  });

  it("keeps every page, store, checkout and account pages included, within 150 KiB at load", () => {
    expect(pages.filter((page) => page.kind === "grupo").length).toBeGreaterThanOrEqual(4);
    for (const page of pages) {
      const weight = pageWeight(page.html, build());
      expect(weight.js, `${page.brand} ${page.path}: ${(weight.js / KIB).toFixed(1)} KiB`).toBeLessThanOrEqual(BUDGETS.anyPage);
    }
  });

  it("weighs pages that answered: 200, and 404 only for the page that names nothing", () => {
    for (const page of pages) expect(page.status, `${page.brand} ${page.path}`).toBe(page.path === "/no-existe/" ? 404 : 200);
  });

  it("loads no account, checkout or Arc SDK code with a home, a section or an article (the store and account pages do)", () => {
    // The login modal's host stays: it is what loads the modal when a reader first opens it.
    const accountCode =
      /@arc-publishing|blocks\/(account-[a-z-]+|subscription-[a-z-]+|password-restore)\/|blocks\/login-modal\/|blocks\/_shared\/accounts\/login-modal\/(?!LoginModalHost\.tsx$)/;
    const b = build();
    for (const page of pages.filter((page) => page.kind !== "grupo")) {
      const loaded = pageWeight(page.html, b).modulesAtLoad.filter((module) => accountCode.test(module));
      expect(loaded, `${page.brand} ${page.kind} ${page.path}`).toEqual([]);
    }
    const checkout = pages.find((page) => page.path.startsWith("/suscripciones-online/"))!;
    expect(pageWeight(checkout.html, b).modulesAtLoad.some((module) => accountCode.test(module))).toBe(true);
  });

  it("sends Swiper only with pages that have a carousel", () => {
    const carousel = pages.find((page) => page.html.includes('data-block="story-carousel"'));
    // An article's body may hold a gallery, whose carousel loads Swiper (blocks/article-body/enhance.ts:
    // only when the body has one): compare with a page that can hold no carousel at all.
    const article = pages.find((page) => !page.html.includes("data-carousel") && !page.html.includes("data-article-body") && page.kind !== "grupo");
    expect(carousel && article).toBeTruthy();
    const b = build();
    expect(pageWeight(carousel!.html, b).jsLater - pageWeight(article!.html, b).jsLater).toBeGreaterThan(15 * KIB);
  });
});
