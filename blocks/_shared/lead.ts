// The article's lead media (docs/article-pages.md#default-layout), read on the server: a YouTube
// video embedded in promo_items.html, a video document in promo_items.basic (or the page's document
// itself when it is a video), or the lead image.
import { text, type DocumentLike } from "../../domain/ans";
import { articleTitle } from "../../domain/articles";
import { imageData, type ImageData } from "./imageData";
import { youtubeEmbedId, youtubeId } from "./youtube";
import { safeMediaSrc, safeSrc } from "../../domain/urls";

/** One rendition of a video document's `streams` the HTML5 player can offer. */
interface VideoSource {
  src: string;
  type: "video/mp4" | "application/x-mpegURL";
  width?: number;
  /** A media query for the rendition meant for phones ("(max-width: 640px)"). */
  media?: string;
}

export type Lead =
  | { kind: "youtube"; videoId: string; title?: string; poster?: string }
  | { kind: "video"; src: string; sources: VideoSource[]; poster?: string; title?: string }
  | { kind: "image"; image: ImageData }
  | { kind: "none" };

/** Phones get the smallest rendition at least this wide (and the player's width is at most the screen's). */
const PHONE_VIDEO_QUERY = "(max-width: 640px)";
const PHONE_MIN_WIDTH = 480;

const positive = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : undefined);

/**
 * The renditions of an ANS video's `streams` (Arc's MP4 and HLS), best first: for phones the smallest
 * MP4 at least 480 px wide, then the largest MP4 up to 1920 px, then the HLS playlist.
 */
function videoSources(video: any): VideoSource[] {
  const streams: any[] = Array.isArray(video?.streams) ? video.streams : [];
  const mp4: VideoSource[] = [];
  let hls: VideoSource | undefined;
  for (const stream of streams) {
    // Scheme and host checked before a URL from content becomes a src.
    const src = safeMediaSrc(stream?.url);
    if (!src) continue;
    const kind = String(stream.stream_type ?? stream.streamType ?? "").toLowerCase();
    if (kind === "mp4" || /\.mp4(\?|$)/i.test(src)) mp4.push({ src, type: "video/mp4", width: positive(stream.width) });
    else if (!hls && (kind === "ts" || kind === "hls" || /\.m3u8(\?|$)/i.test(src))) hls = { src, type: "application/x-mpegURL" };
  }
  const byWidth = [...mp4].sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  const desktop = [...byWidth].reverse().find((s) => (s.width ?? 0) <= 1920) ?? byWidth[byWidth.length - 1];
  const phone = byWidth.find((s) => (s.width ?? 0) >= PHONE_MIN_WIDTH) ?? desktop;
  const sources: VideoSource[] = [];
  if (phone && desktop && phone.src !== desktop.src) sources.push({ ...phone, media: PHONE_VIDEO_QUERY });
  if (desktop) sources.push(desktop);
  if (hls) sources.push(hls);
  return sources;
}

/**
 * The lead of a video (a document of type video, or one in promo_items.basic): its own MP4
 * renditions first (the document is the video; a YouTube id is a copy elsewhere), else its YouTube
 * video, else its HLS playlist (which Chromium and Firefox do not play without a script), else its
 * poster image. docs/article-pages.md#video-page.
 */
function videoLead(video: any, title: string | undefined): Lead {
  // The poster: the video's promo image.
  const posterImage = video.promo_image ?? video.promo_items?.basic;
  const poster = safeMediaSrc(posterImage?.url);
  const sources = videoSources(video);
  // src: the rendition for large screens (the structured data's contentUrl).
  const played = (): Lead => ({ kind: "video", src: (sources.find((s) => !s.media) ?? sources[0]).src, sources, ...(poster ? { poster } : {}), title });
  if (sources.some((s) => s.type === "video/mp4")) return played();
  const id = text(video.youtube_content_id) ?? youtubeEmbedId(video.embed_html) ?? youtubeId(video.url);
  if (id) return { kind: "youtube", videoId: id, title, ...(poster ? { poster } : {}) };
  if (sources.length) return played();
  const data = imageData(posterImage);
  return data ? { kind: "image", image: data } : { kind: "none" };
}

/** The lead as the header shows it; "none" when there is nothing to show. */
export function resolveLead(article: DocumentLike): Lead {
  const promo = article.promo_items ?? {};
  const headline = text(article.headlines?.basic);
  const html = text(promo.html?.content);
  const embedded = html && (youtubeEmbedId(html) ?? youtubeId(html));
  const basic = promo.basic;
  if (embedded) {
    // The story's promo image stands for the video until it plays.
    const poster = basic?.type === "image" ? safeSrc(basic.url) : undefined;
    return { kind: "youtube", videoId: embedded, title: headline, ...(poster ? { poster } : {}) };
  }
  if (basic?.type === "video") return videoLead(basic, text(basic.headlines?.basic) ?? headline);
  // A video document read as an article page (or a story naming its own YouTube video): the video is the document itself.
  if (article.type === "video" || text(article.youtube_content_id)) {
    const lead = videoLead(article, articleTitle(article));
    if (lead.kind !== "none") return lead;
  }
  const data = imageData(basic);
  return data ? { kind: "image", image: data } : { kind: "none" };
}
