import type { ContentAccess } from "../../runtime/types";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { articleBodyData } from "../article-body/index.server";
import { articleHeaderData } from "../article-header/index.server";
import { galleryImages } from "../_shared/gallery";
import GalleryViewer, { GALLERY_IMAGE_SIZES } from "./index";
import { galleryViewerData } from "./index.server";

const image = (n: number, extra: Record<string, unknown> = {}) => ({
  _id: `i${n}`,
  type: "image",
  url: `/images/viajes-0${n}.jpg`,
  caption: `Foto ${n}`,
  ...extra,
});
const gallery = {
  _id: "G1",
  type: "story",
  subtype: "viajes",
  headlines: { basic: "Las imágenes del viaje" },
  promo_items: {
    basic: image(1),
    gallery: {
      type: "gallery",
      content_elements: [image(1), image(2), image(3, { credits: { by: [{ name: "EFE" }], affiliation: [{ name: "EFE" }] } }), image(2)],
    },
  },
  content_elements: [{ type: "text", content: "Texto." }, image(2), image(9)],
};

describe("gallery pages", () => {
  it("show a gallery story's promo_items.gallery, every photo in its place (two that share an image both), in a carousel of buttons with a counter", () => {
    expect(galleryImages(gallery).map((i) => i.url)).toEqual([
      "/images/viajes-01.jpg",
      "/images/viajes-02.jpg",
      "/images/viajes-03.jpg",
      "/images/viajes-02.jpg",
    ]);
    const html = renderToStaticMarkup(<GalleryViewer id="g" pageId="p" settings={{ published: true }} data={galleryViewerData(gallery)} />);
    expect(html).toContain('<span data-gallery-current="">1</span> / 4');
    expect((html.match(/data-gallery-open="/g) ?? []).length).toBe(4);
    expect(html).toContain('aria-label="Ver la foto 4 de 4 en pantalla completa"');
    expect(html).toContain(`sizes="${GALLERY_IMAGE_SIZES}"`);
    // Credits de-duplicated.
    expect(html).toContain("Foto 3 | Foto: EFE<");
  });

  it("show each photo's subtitle above its caption when it has both", () => {
    const titled = { ...gallery, promo_items: { gallery: { content_elements: [image(1, { subtitle: "Llegada a Leticia" }), image(2)] } } };
    const html = renderToStaticMarkup(<GalleryViewer id="g" pageId="p" settings={{ published: true }} data={galleryViewerData(titled)} />);
    expect(html).toMatch(/<figcaption[^>]*><strong[^>]*>Llegada a Leticia<\/strong>Foto 1<\/figcaption>/);
    expect(html).toContain('data-subtitle="Llegada a Leticia"');
    // A photo with a subtitle only keeps it as its caption, once.
    const only = galleryImages({ type: "gallery", content_elements: [{ type: "image", url: "/images/a.jpg", subtitle: "Solo título" }] });
    expect(only).toEqual([{ url: "/images/a.jpg", caption: "Solo título" }]);
  });

  it("show a reader who may not read a locked gallery its lead photo only, none of the other photos or captions", () => {
    const html = renderToStaticMarkup(
      <GalleryViewer
        id="g"
        pageId="p"
        settings={{ published: true }}
        data={galleryViewerData(gallery, "semana", () => true, { locked: true, signedIn: false } satisfies ContentAccess)}
      />,
    );
    expect(html).toContain('<span data-gallery-current="">1</span> / 1');
    expect(html).toContain("data-paywall-cut");
    expect(html).toContain("viajes-01.jpg");
    for (const hidden of ["viajes-02", "viajes-03", "Foto 2", "Foto 3"]) expect(html).not.toContain(hidden);
  });

  it("read a gallery document's own images, and show nothing without any", () => {
    expect(galleryImages({ type: "gallery", content_elements: [image(4), { type: "text", content: "x" }] }).map((i) => i.url)).toEqual([
      "/images/viajes-04.jpg",
    ]);
    expect(galleryViewerData({ type: "story", headlines: { basic: "x" } })).toBeNull();
  });

  it("never repeat the lead image above the gallery nor its photos in the body", () => {
    expect(articleHeaderData(gallery, "semana", "/galerias/x/", { hideLeadWithGallery: true })!.lead).toBeUndefined();
    expect(articleHeaderData(gallery, "semana", "/galerias/x/", {})!.lead).toBeDefined();
    const body = articleBodyData(gallery, { published: true, ads: false, omitGallery: true })!.body;
    expect(body.filter((item) => item.type === "image").map((item) => (item as { url: string }).url)).toEqual(["/images/viajes-09.jpg"]);
  });
});
