// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import FeaturedStory from "./index";
import block, { FEATURED_STORY_COUNT } from "./index.server";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };

describe("featured-story", () => {
  it("asks for one item of a collection, or of a section when there is no collection", () => {
    expect(FEATURED_STORY_COUNT).toBe(1);
    expect(block.fetch!({ published: true, collectionId: "portada-principal" }, context).story).toEqual({
      source: "content-api-collections",
      query: { website: "semana", queryString: "portada-principal", feedSize: 1, feedOffset: 0 },
    });
    expect(block.fetch!({ published: true, section: "economia", offset: 2 }, context).story).toMatchObject({
      source: "content-apir",
      query: { website: "semana", includeSections: "/economia", feedSize: 1, feedOffset: 2 },
    });
    expect(block.fetch!({ published: true }, { ...context, params: { section: "nacion" } }).story.query.includeSections).toBe("/nacion");
    expect(block.fetch!({ published: true }, context)).toEqual({});
  });

  it("shows the first story large with its summary, headline as h2 and an image loaded at once", () => {
    const settings = { published: true, collectionId: "portada-principal", aboveTheFold: true };
    const data = block.transform!({ story: makeFeed([makeStory(0, { minutesAgo: 90 }), makeStory(1)]) }, settings, context);
    // One card: not the feed's other items, nor the story's raw fields.
    expect(JSON.stringify(data)).not.toMatch(/HISTORIA0001|Banco de la República|credits|taxonomy/);
    render(<FeaturedStory id="destacada" pageId="home" settings={settings} data={data} />);
    const heading = screen.getByRole("heading", { level: 2 });
    expect(heading.textContent).toMatch(/reforma a la salud/);
    expect(screen.getByRole("link", { name: heading.textContent! }).getAttribute("href")).toBe("/nacion/articulo/historia-1/100000/");
    expect(screen.getByText(/Resumen de la historia 1/)).toBeTruthy();
    expect(screen.getByText("Hace 1 hora")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("loading")).toBe("eager");
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("is empty when the source has nothing", () => {
    expect(block.isEmpty!(block.transform!({ story: makeFeed([]) }, { published: true }, context), { published: true })).toBe(true);
    expect(block.isEmpty!(block.transform!({ story: null }, { published: true }, context), { published: true })).toBe(true);
  });
});
