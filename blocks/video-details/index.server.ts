import { asDocument, text } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches } from "../../runtime/types";
import { resolveLead } from "../_shared/lead";
import type { Settings } from "./settings";

/** What the video's details show, read on the server from the page's article. */
export interface Data {
  /** When the video was published (ISO instant). */
  published?: string;
  /** ISO 8601 duration ("PT2M19S") and as read ("2:19"). */
  duration?: { iso: string; label: string };
  description?: string;
}

const ISO_DURATION = /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/;

function isoInstant(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

/** Seconds as "h:mm:ss" or "m:ss". */
function durationLabel(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** The video's duration from the video source's ISO duration, else the document's milliseconds. */
export function videoDuration(iso: unknown, ms: unknown): Data["duration"] {
  const match = typeof iso === "string" ? ISO_DURATION.exec(iso) : null;
  let seconds: number | undefined;
  if (match && (match[1] || match[2] || match[3])) seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  else if (typeof ms === "number" && Number.isFinite(ms) && ms > 0) seconds = Math.round(ms / 1000);
  if (!seconds) return undefined;
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return { iso: `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`, label: durationLabel(seconds) };
}

const plain = (value: unknown) =>
  text(value)
    ?.replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim() || undefined;

/** The part of a `youtube-api-videos` answer (a YouTube Data API videos.list answer) read here. */
interface VideoSourceAnswer {
  items?: Array<{ id?: unknown; snippet?: { publishedAt?: unknown; description?: unknown }; contentDetails?: { duration?: unknown } }>;
}

/** The video source's item for this video id, when its answer has one. */
function sourceItem(answer: unknown, videoId: string) {
  const items = (answer as VideoSourceAnswer | null | undefined)?.items;
  return Array.isArray(items) ? items.find((item) => item && typeof item === "object" && item.id === videoId) : undefined;
}

/**
 * The video's metadata (docs/video-channel.md#video-data): from the video source's answer
 * (`youtube-api-videos`: snippet.publishedAt, snippet.description, contentDetails.duration), else as
 * the document carries it (additional_properties.youtube), else the document's own dates,
 * description and duration. Null on a page whose article has no video.
 */
export function videoDetails(value: unknown, answer?: unknown): Data | null {
  const article = asDocument(value);
  if (!article) return null;
  const lead = resolveLead(article);
  if (lead.kind !== "youtube" && lead.kind !== "video") return null;
  const video = article.promo_items?.basic?.type === "video" ? article.promo_items.basic : article;
  const meta =
    (lead.kind === "youtube" ? sourceItem(answer, lead.videoId) : undefined) ?? article.additional_properties?.youtube ?? video.additional_properties?.youtube;
  const published =
    isoInstant(meta?.snippet?.publishedAt) ?? isoInstant(article.first_publish_date) ?? isoInstant(article.publish_date) ?? isoInstant(article.display_date);
  const duration = videoDuration(meta?.contentDetails?.duration, video.duration ?? article.duration);
  const description = plain(meta?.snippet?.description) ?? plain(article.description?.basic) ?? plain(article.subheadlines?.basic);
  const data: Data = { ...(published ? { published } : {}), ...(duration ? { duration } : {}), ...(description ? { description } : {}) };
  return Object.keys(data).length ? data : null;
}

/** The YouTube id of the page's video, when its lead is a YouTube video. */
function youtubeVideoId(value: unknown): string | undefined {
  const article = asDocument(value);
  if (!article) return undefined;
  const lead = resolveLead(article);
  return lead.kind === "youtube" ? lead.videoId : undefined;
}

export default defineBlockServer<Settings, Data | null>({
  // The video source is asked for the page's YouTube video (optional: without its answer, the
  // document's own metadata is shown).
  fetch: (_settings, context): BlockFetches => {
    const videoId = youtubeVideoId(context.article);
    return videoId ? { video: { source: "youtube-api-videos", query: { website: context.brand, videoId }, optional: true } } : {};
  },
  transform: (raw, _settings, context) => videoDetails(context.article, raw.video),
  isEmpty: (data) => data === null,
});
