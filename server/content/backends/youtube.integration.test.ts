// The video metadata source (`youtube-api-videos`) against a local stand-in of the YouTube Data API v3
// (docs/video-channel.md#video-data): asked with the configured key and base URL, cached by the
// runtime like every source, the stored documents answering when it is not configured, fails or does
// not know a video; and a video page on the production server showing what YouTube answered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentCache } from "../../../runtime/cache";
import { createRegistry } from "../../../runtime/registry";
import { fetchContent } from "../../../runtime/content-fetch";
import type { ContentSource, Logger } from "../../../runtime/types";
import { requestSite } from "../../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../../tests/support/site-server";
import { startFakeYoutube, type FakeYoutube } from "../../../tests/support/youtube-data-api";
import { createContentSources } from "../sources";
import { makeTestCorpus, testDocument } from "../testing/corpus";
import { openTestStore, type TestStore } from "../testing/stores";
import { readSettings } from "../../../platform/settings";

const KEY = "clave-de-prueba";
const fromYoutube = {
  id: "yt-semana-002",
  publishedAt: "2024-05-19T10:00:00Z",
  title: "Entrevista al ministro (YouTube)",
  description: "La descripción que escribió el canal en YouTube.",
  thumbnail: "https://i.ytimg.com/vi/yt-semana-002/default.jpg",
  duration: "PT1H2M3S",
};
const pageVideo = {
  id: "yt-pagina-video",
  publishedAt: "2024-06-01T08:30:00Z",
  title: "El video de la página",
  description: "Descripción del video según la API de YouTube.",
  thumbnail: "https://i.ytimg.com/vi/yt-pagina-video/default.jpg",
  duration: "PT4M13S",
};

let youtube: FakeYoutube;
let testStore: TestStore;
const warnings: string[] = [];
const logger: Logger = { info() {}, error() {}, warn: (message, fields) => warnings.push(`${message} ${JSON.stringify(fields ?? {})}`) };

beforeAll(async () => {
  youtube = await startFakeYoutube({ key: KEY, videos: [fromYoutube, pageVideo] });
  testStore = await openTestStore({}, makeTestCorpus());
}, 120_000);

afterAll(async () => {
  await testStore?.cleanup();
  await youtube?.close();
});

function videoSource(env: Record<string, string | undefined>): ContentSource {
  return createContentSources(readSettings(env), testStore.store, { logger }).find((source) => source.name === "youtube-api-videos")!;
}
// The stand-in answers at once, but a loaded machine may take longer than YouTube's 1.5 s: these tests
// are about what is asked and answered, so they wait (the fallback has its own test, below: YouTube down).
const PATIENT = { YOUTUBE_TIMEOUT_MS: "60000" };
const configured = () => videoSource({ YOUTUBE_API_KEY: KEY, YOUTUBE_API_BASE_URL: youtube.origin, ...PATIENT });
const ask = (source: ContentSource, videoId: string): Promise<any> => source.fetch({ website: "semana", videoId }, { signal: new AbortController().signal });

describe("youtube-api-videos on the YouTube Data API", () => {
  it("asks videos.list with the key, snippet and contentDetails, and answers what YouTube says", async () => {
    youtube.calls.length = 0;
    const answer = await ask(configured(), "yt-semana-002");
    expect(youtube.calls).toEqual([{ id: "yt-semana-002", key: KEY, part: "snippet,contentDetails" }]);
    expect(answer).toEqual({
      kind: "youtube#videoListResponse",
      items: [
        {
          kind: "youtube#video",
          id: "yt-semana-002",
          snippet: {
            publishedAt: "2024-05-19T10:00:00Z",
            title: "Entrevista al ministro (YouTube)",
            description: "La descripción que escribió el canal en YouTube.",
            thumbnails: { default: { url: "https://i.ytimg.com/vi/yt-semana-002/default.jpg" } },
          },
          contentDetails: { duration: "PT1H2M3S" },
        },
      ],
    });
  });

  it("is cached like every source: the second page asking for the video does not call YouTube", async () => {
    youtube.calls.length = 0;
    const registry = createRegistry({ blocks: {}, sources: [configured()] });
    const options = { registry, cache: new ContentCache() };
    const spec = { source: "youtube-api-videos", query: { website: "semana", videoId: "yt-semana-002" } };
    const first = await fetchContent(spec, options);
    const second = await fetchContent(spec, options);
    expect(first).toMatchObject({ ok: true, cache: "miss" });
    expect(second).toMatchObject({ ok: true, cache: "hit", value: first.value });
    expect(youtube.calls).toHaveLength(1);
  });

  it("answers from the stored documents the videos YouTube does not know, in the order asked", async () => {
    const answer = await ask(configured(), "yt-semana-001,yt-semana-002,no-existe");
    expect(answer.items.map((item: any) => [item.id, item.snippet.title])).toEqual([
      ["yt-semana-001", "Semana Noticias: resumen del día"],
      ["yt-semana-002", "Entrevista al ministro (YouTube)"],
    ]);
  });

  it("falls back on the stored documents when unconfigured, with a wrong key, or while YouTube is down", async () => {
    youtube.calls.length = 0;
    const stored = await ask(videoSource({}), "yt-semana-002");
    expect(youtube.calls).toHaveLength(0);
    expect(stored.items[0]).toMatchObject({
      id: "yt-semana-002",
      snippet: { title: "Vicky en Semana: entrevista al ministro" },
      contentDetails: { duration: "PT2M19S" },
    });

    warnings.length = 0;
    expect(await ask(videoSource({ YOUTUBE_API_KEY: "otra", YOUTUBE_API_BASE_URL: youtube.origin, ...PATIENT }), "yt-semana-002")).toEqual(stored);
    youtube.down();
    try {
      expect(await ask(configured(), "yt-semana-002")).toEqual(stored);
    } finally {
      youtube.up();
    }
    expect(warnings.filter((line) => line.startsWith("YouTube no respondió"))).toHaveLength(2);
    expect(warnings.join("\n")).not.toContain(KEY);
  });

  it("refuses a base URL that is neither https nor http on this machine", () => {
    expect(() => videoSource({ YOUTUBE_API_KEY: KEY, YOUTUBE_API_BASE_URL: "http://example.com" })).toThrow(/YOUTUBE_API_BASE_URL/);
  });
});

describe("a video page with YOUTUBE_API_KEY", () => {
  let site: SiteServer;
  let pagePath: string;

  beforeAll(async () => {
    quietServerRenderWarnings();
    const corpus = makeTestCorpus();
    const video = testDocument({
      brand: "semana",
      id: "VIDYT1",
      type: "video",
      headline: "Un video en la sección de videos",
      section: "/videos",
      hoursAgo: 3,
      youtubeId: pageVideo.id,
    });
    corpus.documents.push(video);
    pagePath = video.canonical_url;
    site = await startSiteServer({ corpus, env: { YOUTUBE_API_KEY: KEY, YOUTUBE_API_BASE_URL: youtube.origin, ...PATIENT } });
  }, 300_000);

  afterAll(async () => {
    await site?.close();
  });

  it("shows the video's description, date and duration as YouTube gives them", async () => {
    youtube.calls.length = 0;
    const { body: html } = await requestSite(site.port, { host: "localhost", path: pagePath });
    const details = html.match(/<section[^>]*data-video-details[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(details).toContain(pageVideo.description);
    expect(details).toContain('<time dateTime="PT4M13S">4:13</time>');
    expect(details).toContain('dateTime="2024-06-01T08:30:00.000Z"');
    expect(youtube.calls.map((call) => call.id)).toEqual([pageVideo.id]);
  }, 60_000);
});
