// @vitest-environment jsdom
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import RelatedVideos from "./index";
import block, { RELATED_VIDEOS_SECTION, RELATED_VIDEOS_SIZE, RELATED_VIDEOS_TITLE } from "./index.server";

const home: PageContext = { brand: "forosemana", path: "/", params: {}, query: {} };
const videos = { _id: "/foros-semana/videos", name: "Videos de los foros" };

describe("related-videos 'Esto dijo...' (docs/carousels-and-blocks.md#other-blocks)", () => {
  it("asks for 6 videos of the forums' videos where the page names no section", () => {
    expect([RELATED_VIDEOS_SIZE, RELATED_VIDEOS_TITLE, RELATED_VIDEOS_SECTION]).toEqual([6, "Esto dijo...", "/foros-semana/videos"]);
    expect(block.fetch!({ published: true }, home).videos).toMatchObject({
      source: "video-section-source",
      query: { website: "forosemana", includeSections: "/foros-semana/videos", feedSize: 6, feedOffset: 0 },
    });
  });

  it("on an article page takes the article's section, one more video, and leaves the article out", () => {
    const article = makeStory(2, { section: { _id: "/foros-semana/momentos", name: "Momentos imperdibles" }, type: "video" });
    const context = { ...home, path: article.canonical_url, article };
    expect(block.fetch!({ published: true }, context).videos.query).toMatchObject({ includeSections: "/foros-semana/momentos", feedSize: 7 });
    const feed = makeFeed(Array.from({ length: 7 }, (_, i) => makeStory(i, { section: videos, type: "video" })));
    const data = block.transform!({ videos: feed }, { published: true }, context);
    expect(data.items).toHaveLength(6);
    expect(data.items.map((item) => item.id)).not.toContain(article._id);
    // The editor's section wins.
    expect(block.fetch!({ published: true, section: "/videos" }, context).videos.query.includeSections).toBe("/videos");
  });

  it("renders 'Esto dijo...' linked to the forums' videos, with a card per video", () => {
    const feed = makeFeed(Array.from({ length: 6 }, (_, i) => makeStory(i, { section: videos, type: "video" })));
    const data = block.transform!({ videos: feed }, { published: true }, home);
    const doc = new DOMParser().parseFromString(renderToString(<RelatedVideos id="v" pageId="p" settings={{ published: true }} data={data} />), "text/html");
    expect(doc.querySelector("h2 a")?.textContent).toBe("Esto dijo...");
    expect(doc.querySelector("h2 a")?.getAttribute("href")).toBe("/foros-semana/videos/");
    expect(doc.querySelectorAll("li.swiper-slide")).toHaveLength(6);
    expect(doc.querySelectorAll("li.swiper-slide")[0].textContent).toContain("Video");
  });
});
