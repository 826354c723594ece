import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import DarkTheme, { DARK_THEME_CSS } from "../dark-theme";
import VideoDetails from "./index";
import server, { videoDetails, videoDuration } from "./index.server";

const video = {
  type: "story",
  headlines: { basic: "Entrevista" },
  publish_date: "2024-05-20T15:00:00Z",
  description: { basic: "Resumen del documento" },
  promo_items: { html: { content: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' } },
  duration: 139_000,
};

describe("video details", () => {
  it("reads the video source's metadata: published date, duration and description", () => {
    const data = videoDetails({
      ...video,
      additional_properties: {
        youtube: { snippet: { publishedAt: "2024-05-19T10:00:00Z", description: "Qué dijo" }, contentDetails: { duration: "PT1H2M3S" } },
      },
    });
    expect(data).toEqual({ published: "2024-05-19T10:00:00.000Z", duration: { iso: "PT1H2M3S", label: "1:02:03" }, description: "Qué dijo" });
    const html = renderToStaticMarkup(<VideoDetails id="v" pageId="p" settings={{ published: true }} data={data} />);
    expect(html).toContain('Duración: <time dateTime="PT1H2M3S">1:02:03</time>');
    expect(html).toContain("Publicado: <time");
    expect(html).toContain("Qué dijo");
  });

  it("asks the video source for the page's YouTube video, and shows its answer before the document's", () => {
    const context = { brand: "soho", path: "/videos/x/", params: {}, query: {}, article: video };
    expect(server.fetch!({ published: true }, context)).toEqual({
      video: { source: "youtube-api-videos", query: { website: "soho", videoId: "dQw4w9WgXcQ" }, optional: true },
    });
    expect(server.fetch!({ published: true }, { ...context, article: { headlines: { basic: "Sin video" } } })).toEqual({});
    const answer = {
      kind: "youtube#videoListResponse",
      items: [
        { id: "otro", snippet: { description: "De otro video" } },
        { id: "dQw4w9WgXcQ", snippet: { publishedAt: "2024-05-18T09:00:00Z", description: "Según YouTube" }, contentDetails: { duration: "PT4M13S" } },
      ],
    };
    expect(server.transform!({ video: answer }, { published: true }, context)).toEqual({
      published: "2024-05-18T09:00:00.000Z",
      duration: { iso: "PT4M13S", label: "4:13" },
      description: "Según YouTube",
    });
    // Without the source's answer (it failed: the fetch is optional), the document's own metadata.
    expect(server.transform!({}, { published: true }, context)).toEqual(videoDetails(video));
  });

  it("falls back on the document's own dates, duration (milliseconds) and description", () => {
    expect(videoDetails(video)).toEqual({
      published: "2024-05-20T15:00:00.000Z",
      duration: { iso: "PT2M19S", label: "2:19" },
      description: "Resumen del documento",
    });
  });

  it("shows nothing on an article without a video, and never throws on malformed input", () => {
    expect(videoDetails({ headlines: { basic: "Sin video" } })).toBeNull();
    expect(videoDetails(undefined)).toBeNull();
    expect(videoDuration("P1D", -5)).toBeUndefined();
    expect(() => videoDetails({ type: "video", streams: "x", additional_properties: { youtube: 3 } })).not.toThrow();
  });

  it("puts the whole page in the brand's dark theme", () => {
    const html = renderToStaticMarkup(<DarkTheme id="t" pageId="p" settings={{ published: true }} data={null} />);
    expect(html).toBe(`<style data-theme="oscuro">${DARK_THEME_CSS}</style>`);
    expect(DARK_THEME_CSS).toContain("--color-background:var(--color-dark-background)");
  });
});
