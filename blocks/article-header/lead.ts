// The article's lead media (docs/article-pages.md#default-layout), read on the server: a YouTube
// video embedded in promo_items.html, a video document in promo_items.basic, or the lead image.
import { text, type DocumentLike } from "../../domain/ans";
import { imageData, type ImageData } from "../_shared/imageData";
import { youtubeEmbedId, youtubeId } from "../_shared/youtube";
import { safeSrc } from "../../domain/urls";

export type Lead =
  | { kind: "youtube"; videoId: string; title?: string }
  | { kind: "video"; src: string; poster?: string; title?: string }
  | { kind: "image"; image: ImageData }
  | { kind: "none" };

function mp4Stream(video: any): string | undefined {
  const streams = Array.isArray(video?.streams) ? video.streams : [];
  const stream = streams.find((s: any) => text(s?.url) && (s.stream_type === "mp4" || s.streamType === "mp4" || /\.mp4(\?|$)/i.test(s.url)));
  return safeSrc(stream?.url);
}

/** The lead as the header shows it; "none" when there is nothing to show. */
export function resolveLead(article: DocumentLike): Lead {
  const promo = article.promo_items ?? {};
  const headline = text(article.headlines?.basic);
  const html = text(promo.html?.content);
  const embedded = html && (youtubeEmbedId(html) ?? youtubeId(html));
  if (embedded) return { kind: "youtube", videoId: embedded, title: headline };
  const basic = promo.basic;
  const image = (value: unknown): Lead => {
    const data = imageData(value);
    return data ? { kind: "image", image: data } : { kind: "none" };
  };
  if (basic?.type === "video") {
    const id = text(basic.youtube_content_id) ?? youtubeEmbedId(basic.embed_html) ?? youtubeId(basic.url);
    const title = text(basic.headlines?.basic) ?? headline;
    if (id) return { kind: "youtube", videoId: id, title };
    const src = mp4Stream(basic);
    const poster = safeSrc(basic.promo_image?.url) ?? safeSrc(basic.promo_items?.basic?.url);
    if (src) return { kind: "video", src, poster, title };
    if (poster) return image(basic.promo_image ?? basic.promo_items?.basic);
    return { kind: "none" };
  }
  return image(basic);
}
