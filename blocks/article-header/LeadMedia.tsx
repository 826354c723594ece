// The article's lead: a YouTube video embedded in promo_items.html, a video document in
// promo_items.basic, or the lead image. Loaded eagerly: it sits above the fold.
import { ArticleImage, ansImageProps } from "../_shared/ArticleImage";
import { VideoPlayer } from "../_shared/VideoPlayer";
import { youtubeEmbedId, youtubeId } from "../_shared/youtube";
import { text } from "../../domain/ans";
import styles from "./styles.module.css";

export type Lead =
  | { kind: "youtube"; videoId: string; title?: string }
  | { kind: "video"; src: string; poster?: string; title?: string }
  | { kind: "image"; image: any }
  | { kind: "none" };

function mp4Stream(video: any): string | undefined {
  const streams = Array.isArray(video?.streams) ? video.streams : [];
  const stream = streams.find((s: any) => text(s?.url) && (s.stream_type === "mp4" || s.streamType === "mp4" || /\.mp4(\?|$)/i.test(s.url)));
  return stream?.url;
}

export function resolveLead(article: Record<string, any>): Lead {
  const promo = article.promo_items ?? {};
  const headline = text(article.headlines?.basic);
  const html = text(promo.html?.content);
  const embedded = html && (youtubeEmbedId(html) ?? youtubeId(html));
  if (embedded) return { kind: "youtube", videoId: embedded, title: headline };
  const basic = promo.basic;
  if (basic?.type === "video") {
    const id = text(basic.youtube_content_id) ?? youtubeEmbedId(basic.embed_html) ?? youtubeId(basic.url);
    const title = text(basic.headlines?.basic) ?? headline;
    if (id) return { kind: "youtube", videoId: id, title };
    const src = mp4Stream(basic);
    const poster = text(basic.promo_image?.url) ?? text(basic.promo_items?.basic?.url);
    if (src) return { kind: "video", src, poster, title };
    if (poster) return { kind: "image", image: basic.promo_image ?? basic.promo_items?.basic };
    return { kind: "none" };
  }
  if (text(basic?.url)) return { kind: "image", image: basic };
  return { kind: "none" };
}

export function LeadMedia({ article }: { article: Record<string, any> }) {
  const lead = resolveLead(article);
  const headline = text(article.headlines?.basic);
  switch (lead.kind) {
    case "youtube":
      return <VideoPlayer className={styles.lead} videoId={lead.videoId} title={lead.title} eager />;
    case "video":
      return (
        <video className={[styles.lead, styles.video].join(" ")} controls preload="none" playsInline poster={lead.poster} aria-label={lead.title}>
          <source src={lead.src} type="video/mp4" />
        </video>
      );
    case "image": {
      const image = ansImageProps(lead.image);
      return <ArticleImage className={styles.lead} {...image} alt={image.alt ?? headline} lead />;
    }
    default:
      return null;
  }
}
