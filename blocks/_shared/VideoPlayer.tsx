// A lite YouTube player: a 16:9 thumbnail linking to the video; on a click the page's one script
// (enhance.ts) puts YouTube's iframe (privacy-enhanced domain) in its place, so an article with
// videos stays fast and needs no component code in the browser.
import { youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from "./youtube";
import styles from "./VideoPlayer.module.css";

export const VIDEO_FALLBACK_TITLE = "video de YouTube";

export interface VideoPlayerProps {
  /** The YouTube video id (see youtubeId in ./youtube). */
  videoId: string;
  title?: string;
  /** Load the thumbnail eagerly (a lead video above the fold). */
  eager?: boolean;
  className?: string;
}

export function VideoPlayer({ videoId, title, eager = false, className }: VideoPlayerProps) {
  const name = title?.trim() || VIDEO_FALLBACK_TITLE;
  return (
    <div className={[styles.player, className].filter(Boolean).join(" ")} data-video-id={videoId}>
      <a
        className={styles.poster}
        href={youtubeWatchUrl(videoId)}
        aria-label={`Reproducir video: ${name}`}
        data-video-embed={youtubeEmbedUrl(videoId)}
        data-video-title={name}
        data-video-frame-class={styles.frame}
      >
        <img className={styles.thumbnail} src={youtubeThumbnail(videoId)} alt="" width={480} height={360} loading={eager ? "eager" : "lazy"} decoding="async" />
        <span className={styles.play} aria-hidden="true">
          <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
            <path
              d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
              fill="#c00"
            />
            <path d="M45 24 27 14v20z" fill="#fff" />
          </svg>
        </span>
      </a>
    </div>
  );
}
