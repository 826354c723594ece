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

export { contentSourceDeclarations } from "./declarations";

export const CONTENT_BACKENDS = ["local", "arc"] as const;

export function createContentSources(
  env: Record<string, string | undefined> = process.env,
  store?: ContentStore,
  options: { logger?: Logger; fetch?: typeof fetch } = {},
): ContentSource[] {
  const sources = backendSources(env, store, options);
  const youtube = youtubeOptions(env);
  return youtube ? withYoutubeVideos(sources, { ...youtube, ...options }) : sources;
}

function backendSources(
  env: Record<string, string | undefined>,
  store: ContentStore | undefined,
  options: { logger?: Logger; fetch?: typeof fetch },
): ContentSource[] {
  const backend = (env.CONTENT_BACKEND ?? "local").trim() || "local";
  if (backend === "local") {
    if (!store) throw new Error("CONTENT_BACKEND=local necesita el almacén de contenido: ábralo con openContentStore() y páselo");
    return createLocalSources(store, options);
  }
  if (backend === "arc") {
    const missing = ["ARC_CONTENT_ORIGIN", "ARC_CONTENT_TOKEN"].filter((name) => !env[name]?.trim());
    if (missing.length) throw new Error(`CONTENT_BACKEND=arc necesita ${missing.join(" y ")}`);
    const origin = env.ARC_CONTENT_ORIGIN!.trim();
    if (!/^https?:\/\/[^/]+/.test(origin)) throw new Error(`ARC_CONTENT_ORIGIN «${origin}» no es un origen http(s)://...`);
    return createArcSources({ origin, token: env.ARC_CONTENT_TOKEN!.trim(), ...options });
  }
  throw new Error(`CONTENT_BACKEND «${backend}» no es válido: use ${CONTENT_BACKENDS.join(" o ")}`);
}
