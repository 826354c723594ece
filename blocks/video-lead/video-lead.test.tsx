// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { makeFeed, makeStory } from "../_shared/StoryCard.fixtures";
import VideoLead from "./index";
import block from "./index.server";
import schema from "./schema.json";

const ctx = (over: Partial<PageContext> = {}): PageContext => ({ brand: "semana", path: "/semana-tv/", params: {}, query: {}, ...over });
const videos = (n: number) =>
  makeFeed(
    Array.from({ length: n }, (_, i) => ({
      ...makeStory(i, { type: "video", section: { _id: "/semana-tv", name: "Semana TV" } }),
      subheadlines: { basic: `Entrada ${i}: `.padEnd(120, "x") },
      youtube_content_id: "jDt4L_JWmkw",
    })),
    { count: 40, next: n },
  );

describe("video-lead", () => {
  it("asks the section's 9 videos (the lead and 8 for 'Lo último') and the section's record for the heading", () => {
    expect(schema.properties.feedSize.default).toBe(9);
    const fetches = block.fetch!({ published: true }, ctx());
    expect(fetches.videos).toMatchObject({ source: "video-section-source", query: { includeSections: "/semana-tv", feedSize: 9, feedOffset: 0 } });
    expect(fetches.seccion).toMatchObject({ source: "section-api", query: { queryString: "/semana-tv" }, optional: true });
    expect(Object.keys(block.fetch!({ published: true, showHeading: false }, ctx()))).toEqual(["videos"]);
    // A programme's feed: content-apir-semanaTV-v2, 10 on its page (page-definitions/semana/semana-tv-programa.json).
    const programme = block.fetch!({ published: true, feed: "programme", feedSize: 10 }, ctx({ path: "/semana-tv/programas/el-control/" }));
    expect(programme.videos).toMatchObject({ source: "content-apir-semanaTV-v2", query: { includeSections: "/semana-tv/programas/el-control", feedSize: 10 } });
    expect(block.fetch!({ published: true, feed: "journalist" }, ctx())).toEqual({});
  });

  it("shows the heading, the lead video's player and headline, then 'Lo último' with the next 8, subheadlines cut at 80", () => {
    const data = block.transform!(
      { videos: videos(9), seccion: { name: "Semana TV", site: { site_description: "Lo último en video." } } },
      { published: true },
      ctx(),
    );
    render(<VideoLead id="video-principal" pageId="semana-tv" settings={{ published: true }} data={data} />);
    expect(screen.getByRole("heading", { level: 1, name: "Semana TV" })).toBeTruthy();
    expect(screen.getByText("Lo último en video.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /^Reproducir video: / }).getAttribute("data-video-embed")).toContain("/embed/jDt4L_JWmkw");
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(data.lead!.story.headline);
    const latest = screen.getByRole("region", { name: "Lo último" });
    expect(within(latest).getAllByRole("article")).toHaveLength(8);
    expect(data.lead!.story.subheadline).toHaveLength(83);
    expect(data.lead!.story.subheadline!.endsWith("...")).toBe(true);
  });

  it("is empty without videos, and names its list as the editor says", () => {
    const settings = { published: true, title: "Recientes" };
    expect(block.isEmpty!(block.transform!({ videos: makeFeed([]) }, settings, ctx()), settings)).toBe(true);
    expect(block.transform!({ videos: videos(3) }, settings, ctx()).latestTitle).toBe("Recientes");
  });
});
