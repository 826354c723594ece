// The article's lead media, as the server half resolved it (./lead.ts). Loaded eagerly: it sits above the fold.
import { ArticleImage } from "../_shared/ArticleImage";
import { VideoPlayer } from "../_shared/VideoPlayer";
import type { Lead } from "../_shared/lead";
import styles from "./styles.module.css";

export function LeadMedia({ lead, headline, vertical = false }: { lead: Lead; headline?: string; vertical?: boolean }) {
  const orientation = vertical ? styles.vertical : "";
  switch (lead.kind) {
    case "youtube":
      return <VideoPlayer className={[styles.lead, orientation].join(" ")} videoId={lead.videoId} title={lead.title} poster={lead.poster} eager />;
    case "video":
      return (
        <video
          className={[styles.lead, styles.video, orientation].join(" ")}
          controls
          preload="none"
          playsInline
          poster={lead.poster}
          aria-label={lead.title}
          data-video-player=""
        >
          {lead.sources.map((source) => (
            <source key={source.src} src={source.src} type={source.type} media={source.media} />
          ))}
        </video>
      );
    case "image": {
      const { image } = lead;
      // The image's alt text, else its caption, else the headline.
      return <ArticleImage className={styles.lead} {...image} alt={image.alt ?? image.caption ?? headline} lead />;
    }
    default:
      return null;
  }
}
