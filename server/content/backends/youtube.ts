// The video metadata source (`youtube-api-videos`) answered by the YouTube Data API v3
// (docs/video-channel.md#video-data): `GET {base}/youtube/v3/videos?part=snippet,contentDetails&id=<ids>&key=<key>`,
// with YOUTUBE_API_KEY and YOUTUBE_API_BASE_URL. The stored video documents (the content backend's own
// answer) stand in for it when it is not configured, fails, is slow, or does not know a video; the
// runtime caches the source's answers like every source's.
import { z } from "zod";
import type { ContentSource, Logger } from "../../../runtime/types";
import type { Settings } from "../../../platform/settings";
import { splitList } from "../documents";
import type { YoutubeVideo, YoutubeVideosAnswer } from "../sources/declarations";

const YOUTUBE_SOURCE = "youtube-api-videos";
const YOUTUBE_API_BASE_URL = "https://www.googleapis.com";
/** videos.list takes at most 50 ids at a time. */
const MAX_IDS = 50;

/** The fields of a videos.list item the blocks read; anything else YouTube sends is ignored. */
const youtubeItem = z.object({
  id: z.string(),
  snippet: z.object({
    publishedAt: z.string().default(""),
    title: z.string().default(""),
    description: z.string().default(""),
    thumbnails: z
      .object({ default: z.object({ url: z.string() }).optional() })
      .partial()
      .default({}),
  }),
  contentDetails: z.object({ duration: z.string().default("") }).default({ duration: "" }),
});
const youtubeAnswer = z.object({ items: z.array(z.unknown()).default([]) });

export interface YoutubeOptions {
  key: string;
  /** The API's origin (Google's unless a stand-in is named); https, or http on this machine. */
  baseUrl?: string;
  fetch?: typeof fetch;
  logger?: Logger;
  /** How long YouTube may take before the stored documents answer instead (within the source's own timeout): YOUTUBE_TIMEOUT_MS. */
  timeoutMs: number;
}

/** YouTube's settings: undefined without YOUTUBE_API_KEY (the stored documents answer alone). */
export function youtubeOptions(
  settings: Pick<Settings, "YOUTUBE_API_KEY" | "YOUTUBE_API_BASE_URL" | "YOUTUBE_TIMEOUT_MS">,
): Pick<YoutubeOptions, "key" | "baseUrl" | "timeoutMs"> | undefined {
  if (!settings.YOUTUBE_API_KEY) return undefined;
  return { key: settings.YOUTUBE_API_KEY, baseUrl: new URL(settings.YOUTUBE_API_BASE_URL).origin, timeoutMs: settings.YOUTUBE_TIMEOUT_MS };
}

function toVideo(item: z.infer<typeof youtubeItem>): YoutubeVideo {
  return {
    kind: "youtube#video",
    id: item.id,
    snippet: {
      publishedAt: item.snippet.publishedAt,
      title: item.snippet.title,
      description: item.snippet.description,
      thumbnails: { default: { url: item.snippet.thumbnails.default?.url ?? "" } },
    },
    contentDetails: { duration: item.contentDetails.duration },
  };
}

/** One videos.list call: the items YouTube knows, by id. Throws on a failure, a timeout or an answer that is not one. */
async function listVideos(ids: string[], options: YoutubeOptions, signal: AbortSignal): Promise<Map<string, YoutubeVideo>> {
  const url = new URL("/youtube/v3/videos", options.baseUrl ?? YOUTUBE_API_BASE_URL);
  url.searchParams.set("part", "snippet,contentDetails");
  url.searchParams.set("id", ids.join(","));
  url.searchParams.set("key", options.key);
  const response = await (options.fetch ?? fetch)(url, {
    headers: { accept: "application/json" },
    redirect: "error",
    signal: AbortSignal.any([signal, AbortSignal.timeout(options.timeoutMs)]),
  });
  if (!response.ok) throw new Error(`YouTube respondió ${response.status}`);
  const answer = youtubeAnswer.parse(await response.json());
  const videos = new Map<string, YoutubeVideo>();
  for (const raw of answer.items) {
    const item = youtubeItem.safeParse(raw);
    if (item.success) videos.set(item.data.id, toVideo(item.data));
  }
  return videos;
}

/**
 * The content backend's sources with `youtube-api-videos` asking YouTube first: the videos it knows
 * from it, the others from the stored documents (the backend's own answer), and all of them from the
 * stored documents when YouTube fails or is slow (logged as a warning).
 */
export function withYoutubeVideos(sources: ContentSource[], options: YoutubeOptions): ContentSource[] {
  return sources.map((source) => {
    if (source.name !== YOUTUBE_SOURCE) return source;
    const stored = source.fetch.bind(source) as (query: unknown, opts: { signal: AbortSignal; parsed?: boolean }) => Promise<YoutubeVideosAnswer>;
    return {
      ...source,
      async fetch(query: unknown, opts: { signal: AbortSignal; parsed?: boolean }): Promise<YoutubeVideosAnswer> {
        // The resolver has parsed it; a direct caller's query is parsed here (the stored answer says what is wrong).
        const parsed = opts.parsed ? { success: true as const, data: query } : source.query.safeParse(query);
        if (!parsed.success) return stored(query, opts);
        const ids = [...new Set(splitList((parsed.data as { videoId: string }).videoId))].slice(0, MAX_IDS);
        let found: Map<string, YoutubeVideo>;
        try {
          found = await listVideos(ids, options, opts.signal);
        } catch (error) {
          options.logger?.warn("YouTube no respondió: datos del video desde el documento guardado", { error: (error as Error).message });
          return stored(query, opts);
        }
        const missing = ids.filter((id) => !found.has(id));
        const fallback = missing.length ? (await stored({ ...(parsed.data as object), videoId: missing.join(",") }, opts)).items : [];
        // In the order of the ids asked, each once, as videos.list and the stored answer give them.
        const items = ids.flatMap((id) => {
          const video = found.get(id) ?? fallback.find((item) => item.id === id);
          return video ? [video] : [];
        });
        return { kind: "youtube#videoListResponse", items };
      },
    };
  });
}
