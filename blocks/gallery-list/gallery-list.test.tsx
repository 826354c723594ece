// 'Últimas galerías' and 'Galerías relacionadas' (docs/article-pages.md#gallery-page): what each
// list asks its source for, the page's own gallery left out, 4 items with titles cut to 100
// characters plus '...', and each item's 'Ver galería' link.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../runtime/types";
import GalleryList, { SEE_GALLERY } from "./index";
import galleryList, { GALLERY_FEED_SIZE, GALLERY_TITLE_LIMIT, GALLERY_TITLES } from "./index.server";

const page = { _id: "G1", type: "story", subtype: "viajes", headlines: { basic: "Las imágenes del viaje" } };
const context: PageContext = { brand: "fucsia", path: "/galerias/x/", params: {}, query: {}, article: page };
const docs = ["G1", "G2", "G3", "G4", "G5", "G6"].map((id) => ({
  _id: id,
  type: "gallery",
  canonical_url: `/galerias/galeria/${id}/`,
  headlines: { basic: id === "G2" ? "x".repeat(150) : `Galería ${id}` },
  promo_items: { basic: { url: `/images/${id}.jpg` } },
}));

describe("gallery-list", () => {
  it("asks the latest galleries (content-apir) and the related ones of the article's subtype (content-apir-v2) for the 4 it shows, the page's own left out by the source", () => {
    expect(GALLERY_FEED_SIZE).toBe(4);
    expect(galleryList.fetch!({ published: true }, context)).toEqual({
      galleries: { source: "content-apir", query: expect.objectContaining({ website: "fucsia", includeSections: "/galerias", feedSize: 4, excludeIds: "G1" }) },
    });
    expect(galleryList.fetch!({ published: true, variant: "related" }, context)).toEqual({
      galleries: {
        source: "content-apir-v2",
        query: expect.objectContaining({ includeSections: "/galerias", includeSubtypes: "viajes", feedSize: 4, excludeIds: "G1" }),
      },
    });
    // Not on an article page: nothing to leave out.
    expect(galleryList.fetch!({ published: true }, { ...context, article: undefined })).toEqual({
      galleries: { source: "content-apir", query: { website: "fucsia", includeSections: "/galerias", feedSize: 4, sourceInclude: expect.any(String) } },
    });
    // No subtype, or one that is not a word: no related list (nothing fetched, the block is empty).
    expect(galleryList.fetch!({ published: true, variant: "related" }, { ...context, article: { subtype: "a b" } })).toEqual({});
    expect(galleryList.fetch!({ published: true, variant: "related" }, { ...context, article: { _id: "X" } })).toEqual({});
  });

  it("still leaves out the page's own gallery should a source answer it, keeps 4 and cuts titles to 100 characters plus '...'", () => {
    const data = galleryList.transform!({ galleries: { content_elements: docs } }, { published: true }, context);
    expect(data.title).toBe(GALLERY_TITLES.latest);
    expect(data.items.map((item) => item.id)).toEqual(["G2", "G3", "G4", "G5"]);
    expect(data.items[0].title).toBe(`${"x".repeat(GALLERY_TITLE_LIMIT)}...`);
    expect(data.items[1].title).toBe("Galería G3");
    const related = galleryList.transform!({ galleries: { content_elements: docs } }, { published: true, variant: "related" }, context);
    expect(related.title).toBe("Galerías relacionadas");
    expect(galleryList.transform!({ galleries: { content_elements: docs } }, { published: true, title: "Más fotos" }, context).title).toBe("Más fotos");
  });

  it("is empty without other galleries", () => {
    const empty = galleryList.transform!({ galleries: { content_elements: [docs[0]] } }, { published: true }, context);
    expect(galleryList.isEmpty!(empty, { published: true })).toBe(true);
    expect(galleryList.isEmpty!(galleryList.transform!({}, { published: true }, context), { published: true })).toBe(true);
  });

  it("draws each gallery with its photo, its title and 'Ver galería' naming it", () => {
    const data = galleryList.transform!({ galleries: { content_elements: docs } }, { published: true }, context);
    const html = renderToStaticMarkup(<GalleryList id="l" pageId="p" settings={{ published: true }} data={data} />);
    expect(html).toContain('<h2 class="_heading_');
    expect(html).toContain(">Últimas galerías</h2>");
    const links = [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]+)<span[^>]*>: ([^<]+)<\/span><\/a>/g)].map((m) => [m[1], m[2], m[3]]);
    expect(links).toEqual([
      ["/galerias/galeria/G2/", SEE_GALLERY, `${"x".repeat(100)}...`],
      ["/galerias/galeria/G3/", SEE_GALLERY, "Galería G3"],
      ["/galerias/galeria/G4/", SEE_GALLERY, "Galería G4"],
      ["/galerias/galeria/G5/", SEE_GALLERY, "Galería G5"],
    ]);
    expect((html.match(/<img /g) ?? []).length).toBe(4);
  });
});
