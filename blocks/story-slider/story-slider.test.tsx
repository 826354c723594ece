// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import StorySlider, { STORY_SLIDER_MOTION } from "./index";
import block, { STORY_SLIDER_DEFAULT_SIZE, STORY_SLIDER_SIZES } from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "forosemana", path: "/", params: {}, query: {} };
const foros = { _id: "/foros-semana/foros", name: "Foros" };

function rendered(feedSize: 3 | 12) {
  const feed = makeFeed(Array.from({ length: feedSize }, (_, i) => makeStory(i, { section: foros })));
  const settings = { published: true, section: "/foros-semana/foros", feedSize };
  const data = block.transform!({ stories: feed }, settings, context);
  return new DOMParser().parseFromString(renderToString(<StorySlider id="s" pageId="p" settings={settings} data={data} />), "text/html");
}

describe("story-slider (docs/listings.md#carousels)", () => {
  it("takes 3 or 12 stories, 3 by default", () => {
    expect([...STORY_SLIDER_SIZES]).toEqual(schema.properties.feedSize.enum);
    expect(STORY_SLIDER_DEFAULT_SIZE).toBe(schema.properties.feedSize.default);
    expect(STORY_SLIDER_DEFAULT_SIZE).toBe(3);
    expect(block.fetch!({ published: true, section: "/foros-semana/foros" }, context).stories.query).toMatchObject({ feedSize: 3 });
    expect(block.fetch!({ published: true, section: "/foros-semana/foros", feedSize: 12 }, context).stories.query).toMatchObject({ feedSize: 12 });
  });

  it("moves on by itself every 3000 ms with the slider's physics, and starts over after the last rather than looping", () => {
    expect(STORY_SLIDER_MOTION).toEqual({ slider: true, autoplay: { delay: 3000 } });
    const carousel = rendered(3).querySelector<HTMLElement>("[data-carousel]")!;
    expect(carousel.dataset).toMatchObject({ slider: "", autoplay: "3000" });
    expect(carousel.dataset.loop).toBeUndefined();
  });

  it("shows three stories as large cards one at a time, twelve as cards several at a time, under the section's title", () => {
    const three = rendered(3);
    expect(three.querySelector("h2 a")?.textContent).toBe("Foros");
    expect(three.querySelectorAll("li.swiper-slide")).toHaveLength(3);
    expect(three.querySelectorAll("li.swiper-slide p")).toHaveLength(3);
    const twelve = rendered(12);
    expect(twelve.querySelectorAll("li.swiper-slide")).toHaveLength(12);
    expect(twelve.querySelectorAll("li.swiper-slide p")).toHaveLength(0);
    expect(twelve.querySelector("[data-carousel]")!.className).not.toBe(three.querySelector("[data-carousel]")!.className);
  });
});
