// The content sources the server uses, from configuration:
//   CONTENT_BACKEND=local (default)  the embedded content store (pass it: openContentStore())
//   CONTENT_BACKEND=arc              an Arc-compatible Content API: ARC_CONTENT_ORIGIN, ARC_CONTENT_TOKEN
// and, with YOUTUBE_API_KEY (YOUTUBE_API_BASE_URL), the video metadata from the YouTube Data API first
// (backends/youtube.ts), the backend's stored documents when it fails.
import type { ContentSource, Logger } from "../../../runtime/types";
import { createArcSources } from "../backends/arc";
import { createLocalSources } from "../backends/local";
import { withYoutubeVideos, youtubeOptions } from "../backends/youtube";
import type { ContentStore } from "../store";
import type { Settings } from "../../../platform/settings";

type SourceSettings = Pick<
  Settings,
  "CONTENT_BACKEND" | "ARC_CONTENT_ORIGIN" | "ARC_CONTENT_TOKEN" | "YOUTUBE_API_KEY" | "YOUTUBE_API_BASE_URL" | "YOUTUBE_TIMEOUT_MS"
>;

export function createContentSources(settings: SourceSettings, store?: ContentStore, options: { logger?: Logger; fetch?: typeof fetch } = {}): ContentSource[] {
  const sources = backendSources(settings, store, options);
  const youtube = youtubeOptions(settings);
  return youtube ? withYoutubeVideos(sources, { ...youtube, ...options }) : sources;
}

/** The backend's sources; the settings were checked at start (platform/settings.ts: arc needs its origin and token). */
function backendSources(settings: SourceSettings, store: ContentStore | undefined, options: { logger?: Logger; fetch?: typeof fetch }): ContentSource[] {
  if (settings.CONTENT_BACKEND === "arc") return createArcSources({ origin: settings.ARC_CONTENT_ORIGIN!, token: settings.ARC_CONTENT_TOKEN!, ...options });
  if (!store) throw new Error("CONTENT_BACKEND=local necesita el almacén de contenido: ábralo con openContentStore() y páselo");
  return createLocalSources(store, options);
}
