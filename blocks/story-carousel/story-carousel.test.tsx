// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { NEXT_LABEL, PREV_LABEL } from "../_shared/Carousel";
import { SLIDE_GAP, SLIDE_GAP_BREAKPOINT, SLIDE_GAP_SMALL, SWIPER_TOUCH_THRESHOLD, swiperOptions } from "../_shared/swiperCarousel";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import enhance from "./enhance";
import StoryCarousel from "./index";
import block, { CAROUSEL_DEFAULT_SIZE, CAROUSEL_SIZES } from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
const settings = { published: true, section: "/politica", feedSize: 10 as const };
const politica = { _id: "/politica", name: "Política" };

describe("story-carousel fetch", () => {
  it("takes 10 or 12 items (docs/listings.md#carousels), 10 by default", () => {
    expect(CAROUSEL_SIZES).toEqual([10, 12]);
    expect(schema.properties.feedSize.enum).toEqual([...CAROUSEL_SIZES]);
    expect(schema.properties.feedSize.default).toBe(CAROUSEL_DEFAULT_SIZE);
    expect(block.fetch!({ published: true, section: "politica" }, context).stories).toMatchObject({
      source: "content-apir",
      query: { website: "semana", includeSections: "/politica", feedSize: 10, feedOffset: 0 },
    });
  });

  it("asks content-apir-v2 with the section id without its slash for primary-section carousels", () => {
    expect(block.fetch!({ ...settings, primarySectionOnly: true, feedSize: 12, offset: 2 }, context).stories).toMatchObject({
      source: "content-apir-v2",
      query: { includeSections: "politica", feedSize: 12, feedOffset: 2 },
    });
  });

  it("prefers a collection, and falls back to the route's section", () => {
    expect(block.fetch!({ ...settings, collectionId: "portada-principal" }, context).stories).toMatchObject({
      source: "content-api-collections",
      query: { website: "semana", queryString: "portada-principal", feedSize: 10 },
    });
    expect(block.fetch!({ published: true }, { ...context, params: { section: "mundo" } }).stories.query.includeSections).toBe("/mundo");
    expect(block.fetch!({ published: true }, context)).toEqual({});
  });
});

describe("story-carousel transform", () => {
  it("drops items without promo images and names the carousel after the section or the collection", () => {
    const feed = makeFeed([makeStory(0, { section: politica }), makeStory(1, { noImage: true }), makeStory(2, { section: politica })]);
    const data = block.transform!({ stories: feed }, settings, context);
    expect(data).toMatchObject({ title: "Política", link: "/politica/" });
    expect(data.items.map((item) => item.id)).toEqual(["HISTORIA0000", "HISTORIA0002"]);
    expect(JSON.stringify(data)).not.toMatch(/credits|taxonomy|canonical_website/);
    const collection = { ...makeFeed([makeStory(3)]), _id: "lo-ultimo", headlines: { basic: "Lo último" } };
    expect(block.transform!({ stories: collection }, { published: true, collectionId: "lo-ultimo" }, context).title).toBe("Lo último");
    expect(block.isEmpty!(block.transform!({ stories: null }, { published: true, collectionId: "x" }, context), settings)).toBe(true);
  });
});

describe("story-carousel rendering", () => {
  const data = () => block.transform!({ stories: makeFeed(Array.from({ length: 10 }, (_, i) => makeStory(i, { section: politica }))) }, settings, context);
  const element = () => <StoryCarousel id="carrusel-politica" pageId="home" settings={settings} data={data()} />;

  it("uses the touch threshold 20 and slide gap 16, 8 below 1024 px (docs/carousels-and-blocks.md#swiper-constants)", () => {
    expect([SWIPER_TOUCH_THRESHOLD, SLIDE_GAP, SLIDE_GAP_SMALL, SLIDE_GAP_BREAKPOINT]).toEqual([20, 16, 8, 1024]);
    const options = swiperOptions();
    expect(options.threshold).toBe(20);
    expect(options.spaceBetween).toBe(8);
    expect(options.breakpoints?.[1024].spaceBetween).toBe(16);
  });

  it("renders the slides as plain HTML on the server: title, first stories with links, Spanish button labels", () => {
    const html = renderToString(element());
    const doc = new DOMParser().parseFromString(html, "text/html");
    expect(doc.querySelector("h2")?.textContent).toBe("Política");
    const slides = doc.querySelectorAll("li.swiper-slide");
    expect(slides).toHaveLength(10);
    expect(slides[0].querySelector("h3 a[href='/politica/articulo/historia-1/100000/']")?.textContent).toMatch(/reforma a la salud/);
    expect(slides[1].textContent).toMatch(/Banco de la República/);
    expect(doc.querySelector(`button[aria-label='${PREV_LABEL}']`)).toBeTruthy();
    expect(doc.querySelector(`button[aria-label='${NEXT_LABEL}']`)).toBeTruthy();
    expect(doc.querySelector("[aria-roledescription='carrusel']")?.getAttribute("aria-label")).toBe("Política");
  });

  /** The block's server HTML in the page, enhanced as the browser entry does. */
  function serverRendered() {
    const frame = document.createElement("div");
    frame.innerHTML = renderToString(element());
    document.body.replaceChildren(frame);
    enhance(frame);
    return frame;
  }

  it("keeps the plain list, without throwing, in a browser where Swiper cannot start", async () => {
    const saved = window.matchMedia;
    (window as any).matchMedia = undefined;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const frame = serverRendered();
    await waitFor(() => expect(errors).toHaveBeenCalledWith("carousel: swiper could not start:", expect.any(String)));
    expect(frame.querySelectorAll("li.swiper-slide")).toHaveLength(10);
    expect(frame.querySelector(".swiper-initialized")).toBeNull();
    window.matchMedia = saved;
    errors.mockRestore();
  });

  it("is server HTML that Swiper takes over in the browser", async () => {
    // jsdom has no matchMedia (every browser has): Swiper reads breakpoints with it.
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as any;
    const frame = serverRendered();
    await waitFor(() => expect(frame.querySelector(".swiper")?.classList.contains("swiper-initialized")).toBe(true));
    expect(frame.querySelectorAll("li.swiper-slide")).toHaveLength(10);
    // Swiper drives our buttons: at the start "previous" is disabled.
    expect((screen.getByRole("button", { name: PREV_LABEL }) as HTMLButtonElement).disabled).toBe(true);
    // Dots need a layout (how many positions the width allows): the end-to-end test checks them in Chromium.
  });
});
