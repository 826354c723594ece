// @vitest-environment jsdom
import { ANS_FIXTURES_DIR } from "../../tests/fixtures";
import fs from "node:fs";
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import CollectionList from "./index";
import block, { LATEST_NEWS_LIST_SIZE } from "./index.server";
import schema from "./schema.json";

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
const collection = (ids: number[], title = "Lo último") => ({
  ...makeFeed(ids.map((i) => makeStory(i, { minutesAgo: 3 + i * 20 }))),
  _id: "lo-ultimo",
  headlines: { basic: title },
});

describe("collection-list", () => {
  it("asks content-api-collections for the collection id, 5 items by default ('Lo último')", () => {
    expect(LATEST_NEWS_LIST_SIZE).toBe(5);
    expect(schema.properties.feedSize.default).toBe(LATEST_NEWS_LIST_SIZE);
    expect(block.fetch!({ published: true, collectionId: "lo-ultimo" }, context).stories).toEqual({
      source: "content-api-collections",
      query: { website: "semana", queryString: "lo-ultimo", feedSize: 5, feedOffset: 0 },
    });
    expect(block.fetch!({ published: true, collectionId: "" } as any, context)).toEqual({});
  });

  it("shows 'Lo último' as a numbered compact list with relative times, titled after the collection", () => {
    const settings = { published: true, collectionId: "lo-ultimo", variant: "list" as const };
    const data = block.transform!({ stories: collection([0, 1, 2, 3, 4]) }, settings, context);
    render(<CollectionList id="lo-ultimo" pageId="home" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "Lo último" })).toBeTruthy();
    const list = screen.getByRole("list");
    expect(list.tagName).toBe("OL");
    expect(within(list).getAllByRole("listitem")).toHaveLength(5);
    expect(screen.getByText("Hace pocos segundos")).toBeTruthy();
    expect(screen.getByText("Hace 23 minutos")).toBeTruthy();
  });

  it("features the first story large in the grid variant when asked, and drops items without images", () => {
    const settings = { published: true, collectionId: "portada-principal", featureFirst: true, title: "Portada" };
    const stories = { ...collection([0, 1, 2]), content_elements: [makeStory(0), makeStory(1, { noImage: true }), makeStory(2), makeStory(3)] };
    const data = block.transform!({ stories }, settings, context);
    // The collection's own fields (its id) and the stories' raw fields stay on the server.
    expect(JSON.stringify(data)).not.toMatch(/portada-principal|lo-ultimo|credits|taxonomy/);
    render(<CollectionList id="portada" pageId="home" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 2, name: "Portada" })).toBeTruthy();
    const grid = screen.getByRole("list");
    expect(grid.tagName).toBe("UL");
    expect(within(grid).getAllByRole("article")).toHaveLength(2);
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.getByText(/Resumen de la historia 1/)).toBeTruthy();
  });

  it("is empty for an unknown collection (null answer) and survives the foreign ANS collection fixture", () => {
    const settings = { published: true, collectionId: "no-existe" };
    expect(block.isEmpty!(block.transform!({ stories: null }, settings, context), settings)).toBe(true);
    const fixture = JSON.parse(fs.readFileSync(`${ANS_FIXTURES_DIR}/collection-fixture-good.json`, "utf8"));
    const data = block.transform!({ stories: fixture }, settings, context);
    expect(data.title).toBe("The Man Bites Dog collection");
    expect(block.isEmpty!(data, settings)).toBe(true);
  });
});
