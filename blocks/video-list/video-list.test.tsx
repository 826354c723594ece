// @vitest-environment jsdom
import { render, screen } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import VideoList from "./index";
import block from "./index.server";
import schema from "./schema.json";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/semana-tv/virales/", params: {}, query: {}, ...over });
const page = (from: number, size: number, count: number) =>
  makeFeed(
    Array.from({ length: size }, (_, i) => makeStory(from + i, { type: "video" })),
    from + size < count ? { count, next: from + size } : { count },
  );
const others = { published: true, title: "Otros videos", offset: 9, feedSize: 4, loadMoreSize: 4 };

describe("video-list", () => {
  it("'Últimos videos': 12 first, then 8 per 'Más videos' (docs/video-channel.md#counts)", () => {
    expect([schema.properties.feedSize.default, schema.properties.loadMoreSize.default, schema.properties.loadMoreLabel.default]).toEqual([
      12,
      8,
      "Más videos",
    ]);
    expect(block.fetch!({ published: true }, ctx()).videos).toMatchObject({
      source: "video-section-source",
      query: { includeSections: "/semana-tv/virales", feedSize: 12, feedOffset: 0 },
    });
    expect(block.fetch!({ published: true }, ctx({ cursor: { offset: 12 } })).videos.query).toMatchObject({ feedSize: 8, feedOffset: 12 });
  });

  it("'Otros videos': 4 from offset 9, then 4 per click", () => {
    expect(block.fetch!(others, ctx({ path: "/semana-tv/" })).videos.query).toMatchObject({ includeSections: "/semana-tv", feedSize: 4, feedOffset: 9 });
    expect(block.fetch!(others, ctx({ path: "/semana-tv/", cursor: { offset: 13 } })).videos.query).toMatchObject({ feedSize: 4, feedOffset: 13 });
  });

  it("asks for the page's heading only on the first page and only when shown", () => {
    expect(Object.keys(block.fetch!({ published: true, showHeading: true }, ctx()))).toEqual(["videos", "seccion"]);
    expect(Object.keys(block.fetch!({ published: true, showHeading: true }, ctx({ cursor: { offset: 12 } })))).toEqual(["videos"]);
    expect(Object.keys(block.fetch!({ published: true }, ctx()))).toEqual(["videos"]);
  });

  it("shows its title, the videos and the 'Más videos' button while more remain", () => {
    const settings = { published: true, showHeading: true };
    const data = block.transform!({ videos: page(0, 12, 15), seccion: { name: "Lo más viral" } }, settings, ctx());
    render(<VideoList id="ultimos-videos" pageId="semana-tv-virales" settings={settings} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Lo más viral" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Últimos videos" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(12);
    expect(screen.getByRole("button", { name: "Más videos" }).getAttribute("data-load-more")).toBe("/_block/semana-tv-virales/ultimos-videos?offset=12");
  });

  it("ends without a button on the last page, and takes the editor's label", () => {
    const last = block.transform!({ videos: page(12, 3, 15) }, { published: true }, ctx({ cursor: { offset: 12 } }));
    render(<VideoList id="ultimos-videos" pageId="p" settings={{ published: true }} data={last} />);
    expect(screen.getAllByRole("article")).toHaveLength(3);
    expect(screen.queryByRole("button")).toBeNull();
    const labelled = block.transform!({ videos: page(0, 4, 30) }, { ...others, loadMoreLabel: "Ver más" }, ctx());
    expect(labelled).toMatchObject({ title: "Otros videos", moreLabel: "Ver más", next: 4, count: 30 });
  });
});
