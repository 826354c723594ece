// YouTube video ids (docs/article-pages.md#embeds): the forms watch, embed, shorts and youtu.be. No React:
// the article blocks' server halves read video ids with it.

/** A YouTube video id: 11 characters of [A-Za-z0-9_-]. */
const ID = "([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])";
const YOUTUBE_URL = new RegExp("(?:youtube(?:-nocookie)?\\.com/(?:watch\\?(?:[^\"'\\s<>#]*?&(?:amp;)?)?v=|embed/|shorts/|live/|v/)|youtu\\.be/)" + ID, "i");

/**
 * The video id of a YouTube URL (https://www.youtube.com/watch?v=ID, .../embed/ID, .../shorts/ID,
 * https://youtu.be/ID, with or without extra parameters), or undefined when it is not one.
 */
export function youtubeId(url: string | undefined | null): string | undefined {
  if (typeof url !== "string") return undefined;
  return YOUTUBE_URL.exec(url)?.[1];
}

/** The video id of the first <iframe> in `html` whose src is a YouTube URL: an embedded player. */
export function youtubeEmbedId(html: string | undefined | null): string | undefined {
  if (typeof html !== "string") return undefined;
  for (const match of html.matchAll(/<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    const id = youtubeId(match[1] ?? match[2] ?? match[3]);
    if (id) return id;
  }
  return undefined;
}

export function youtubeThumbnail(id: string): string {
  return `https://i.ytimg.com/vi/${id}/hqdefault.jpg`;
}

/** The video's own page on YouTube: where the player's link goes when no script runs. */
export function youtubeWatchUrl(id: string): string {
  return `https://www.youtube.com/watch?v=${id}`;
}

/** The privacy-enhanced player: it sets no cookies until the reader plays. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}
