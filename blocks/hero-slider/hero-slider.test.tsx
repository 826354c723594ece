// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import HeroSlider, { HERO_SLIDER_MOTION } from "./index";
import block, { HERO_SLIDER_SIZE } from "./index.server";

const context: PageContext = { brand: "semana", path: "/galerias/", params: {}, query: {} };
const galerias = { _id: "/galerias", name: "Galerías" };

describe("hero-slider (docs/carousels-and-blocks.md#slider-defaults)", () => {
  it("asks for 3 stories of its section or collection from its offset", () => {
    expect(HERO_SLIDER_SIZE).toBe(3);
    expect(block.fetch!({ published: true, section: "/galerias" }, context).stories.query).toMatchObject({
      includeSections: "/galerias",
      feedSize: 3,
      feedOffset: 0,
    });
    expect(block.fetch!({ published: true, collectionId: "portada-principal", offSet: 1 }, context).stories).toMatchObject({
      source: "content-api-collections",
      query: { queryString: "portada-principal", feedSize: 3, feedOffset: 1 },
    });
  });

  it("renders three full-width slides, the first image loaded at once, looping and moving on every 3000 ms", () => {
    const feed = makeFeed([
      makeStory(0, { section: galerias }),
      makeStory(1, { section: galerias, noImage: true }),
      makeStory(2, { section: galerias }),
      makeStory(3, { section: galerias }),
      makeStory(4, { section: galerias }),
    ]);
    const data = block.transform!({ stories: feed }, { published: true, section: "/galerias" }, context);
    expect(data.label).toBe("Galerías");
    expect(data.items).toHaveLength(3);
    const doc = new DOMParser().parseFromString(renderToString(<HeroSlider id="h" pageId="p" settings={{ published: true }} data={data} />), "text/html");
    const carousel = doc.querySelector<HTMLElement>("[data-carousel]")!;
    expect(HERO_SLIDER_MOTION).toEqual({ slider: true, loop: true, autoplay: { delay: 3000 } });
    expect(carousel.dataset).toMatchObject({ slider: "", loop: "", autoplay: "3000" });
    expect(carousel.dataset.autoplayStop).toBeUndefined();
    const slides = doc.querySelectorAll("li.swiper-slide");
    expect(slides).toHaveLength(3);
    expect(slides[0].querySelector("h2 a")?.getAttribute("href")).toBe(data.items[0].url);
    expect(slides[0].querySelector("img")?.getAttribute("loading")).toBe("eager");
    expect(slides[1].querySelector("img")?.getAttribute("loading")).toBe("lazy");
    const below = new DOMParser().parseFromString(
      renderToString(<HeroSlider id="h" pageId="p" settings={{ published: true, aboveTheFold: false }} data={data} />),
      "text/html",
    );
    expect(below.querySelector("img")?.getAttribute("loading")).toBe("lazy");
  });
});
