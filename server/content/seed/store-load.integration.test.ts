// The seed corpus as the server loads it on first start: into the real content store (PGlite),
// with nothing dropped or overwritten, and answering the queries the pages make.
import { brandIds } from "../../../domain/brands";
import { openTestStore, type TestStore } from "../testing/stores";
import { generateCorpus } from "./index";

const corpus = generateCorpus({ scale: 0.1 });
let target: TestStore;

beforeAll(async () => {
  target = await openTestStore({}, corpus);
});

afterAll(async () => {
  await target?.cleanup();
});

describe("the seed corpus in the content store", () => {
  it("loads every record", async () => {
    for (const brand of brandIds) {
      const stored = await target.store.findDocuments({ brand }, { size: 1, offset: 0 });
      expect(stored.count, brand).toBe(corpus.documents.filter((d) => d.canonical_website === brand).length);
    }
  });

  it("keeps every brand's collections apart", async () => {
    for (const brand of brandIds) {
      const latest = await target.store.getCollection(brand, "lo-ultimo", { size: 5, offset: 0 });
      expect(latest?.documents.length, brand).toBe(5);
      for (const doc of latest!.documents as any[]) expect(doc.canonical_website).toBe(brand);
    }
  });

  it("finds documents by URL, section, author and tag, and answers most-read", async () => {
    const story = corpus.documents.find((d) => d.canonical_website === "elpais" && d.credits.by.length && d.taxonomy.tags.length)!;
    expect(((await target.store.getDocument("elpais", { url: story.canonical_url })) as any)?._id).toBe(story._id);
    const bySection = await target.store.findDocuments({ brand: "semana", sections: ["/semana-tv"] }, { size: 50, offset: 0 });
    expect(bySection.documents.some((d: any) => d.taxonomy.primary_section._id.startsWith("/semana-tv/programas/"))).toBe(true);
    const byAuthor = await target.store.findDocuments({ brand: "elpais", authors: [story.credits.by[0].slug] }, { size: 5, offset: 0 });
    expect(byAuthor.count).toBeGreaterThan(0);
    const byTag = await target.store.findDocuments({ brand: "elpais", tags: [story.taxonomy.tags[0].slug] }, { size: 5, offset: 0 });
    expect(byTag.count).toBeGreaterThan(0);
    const mostRead = (await target.store.mostRead("semana", { size: 3 })) as any[];
    expect(mostRead).toHaveLength(3);
    expect(new Set(mostRead.map((d) => d.canonical_website))).toEqual(new Set(["semana"]));
  });

  it("serves the navigation trees and the columnists", async () => {
    expect((await target.store.getNavigation("semana", "navSemanaTVCategorias"))?.children?.length).toBeGreaterThanOrEqual(10);
    const columnist = corpus.authors.find((a) => a.brand === "semana" && a.role === "Columnista")!;
    expect((await target.store.getAuthors("semana", [columnist.slug]))[0]?.byline).toBe(columnist.byline);
  });
});
