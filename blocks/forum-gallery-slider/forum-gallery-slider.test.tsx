// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import ForumGallerySlider, { FORUM_GALLERY_MOTION } from "./index";
import block, { FORUM_GALLERIES_SECTION } from "./index.server";

const context: PageContext = { brand: "forosemana", path: "/", params: {}, query: {} };
const image = (n: number, caption: string) => ({
  _id: `IMG${n}`,
  type: "image",
  url: `/images/foros-${n}.jpg`,
  caption,
  credits: { by: [{ type: "author", name: "Juan Pérez" }] },
});
const gallery = {
  _id: "GALERIA1",
  type: "gallery",
  canonical_url: "/foros-semana/galerias/galeria/el-foro-de-la-energia/300001/",
  headlines: { basic: "Galería: el foro de la energía" },
  promo_items: { basic: image(1, "Los panelistas") },
  content_elements: [image(1, "Los panelistas"), image(2, "El auditorio"), image(3, "Las conclusiones")],
};

describe("forum-gallery-slider (docs/carousels-and-blocks.md#forums)", () => {
  it("autoplays every 5000 ms, goes on after the reader moves it and stops on the last slide, without looping", () => {
    expect(FORUM_GALLERY_MOTION).toEqual({ autoplay: { delay: 5000, stopOnLastSlide: true } });
    const data = block.transform!({ gallery }, { published: true, galleryId: "GALERIA1" }, context);
    const doc = new DOMParser().parseFromString(
      renderToString(<ForumGallerySlider id="g" pageId="p" settings={{ published: true }} data={data} />),
      "text/html",
    );
    const carousel = doc.querySelector<HTMLElement>("[data-carousel]")!;
    expect(carousel.dataset).toMatchObject({ autoplay: "5000", autoplayStop: "last" });
    expect(carousel.dataset.loop).toBeUndefined();
    expect(carousel.dataset.slider).toBeUndefined();
  });

  it("with galleryId shows that gallery's photos with their captions, its title linked to the gallery or to the url setting", () => {
    expect(block.fetch!({ published: true, galleryId: "GALERIA1" }, context)).toEqual({
      gallery: { source: "gallery-by-id", query: { website: "forosemana", queryString: "GALERIA1" } },
    });
    const data = block.transform!({ gallery }, { published: true, galleryId: "GALERIA1" }, context);
    expect(data).toMatchObject({ title: "Galería: el foro de la energía", href: gallery.canonical_url });
    expect(data.slides.map((slide) => slide.caption)).toEqual([
      "Los panelistas | Foto: Juan Pérez",
      "El auditorio | Foto: Juan Pérez",
      "Las conclusiones | Foto: Juan Pérez",
    ]);
    const doc = new DOMParser().parseFromString(
      renderToString(<ForumGallerySlider id="g" pageId="p" settings={{ published: true }} data={data} />),
      "text/html",
    );
    expect(doc.querySelectorAll("li.swiper-slide figcaption")).toHaveLength(3);
    expect(doc.querySelector("h2 a")?.getAttribute("href")).toBe(gallery.canonical_url);
    expect(block.transform!({ gallery }, { published: true, galleryId: "GALERIA1", url: "/foros-semana/galerias/" }, context).href).toBe(
      "/foros-semana/galerias/",
    );
    // A url that is no link is not written into the page.
    expect(block.transform!({ gallery }, { published: true, galleryId: "GALERIA1", url: "javascript:alert(1)" }, context).href).toBe(gallery.canonical_url);
  });

  it("without a gallery shows the section's latest galleries, each linked, the title leading to the section", () => {
    expect(block.fetch!({ published: true }, context).galleries.query).toMatchObject({ includeSections: FORUM_GALLERIES_SECTION, feedSize: 6, feedOffset: 0 });
    const section = { _id: FORUM_GALLERIES_SECTION, name: "Galerías de los foros" };
    const feed = makeFeed([
      makeStory(0, { section, type: "gallery" }),
      makeStory(1, { section, type: "gallery", noImage: true }),
      makeStory(2, { section, type: "gallery" }),
    ]);
    const data = block.transform!({ galleries: feed }, { published: true, title: "Galerías de los foros" }, context);
    expect(data.href).toBe("/foros-semana/galerias/");
    expect(data.slides.map((slide) => slide.href)).toEqual([feed.content_elements[0].canonical_url, feed.content_elements[2].canonical_url]);
    expect(block.isEmpty!({ slides: [] }, { published: true })).toBe(true);
  });
});
