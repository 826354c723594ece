// A lite YouTube player: a 16:9 thumbnail linking to the video; on a click the page's one script
// (enhance.ts) puts YouTube's iframe (privacy-enhanced domain) in its place, so an article with
// videos stays fast and needs no component code in the browser.
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import { isLocalImage, responsiveImage } from "./images";
import { youtubeEmbedUrl, youtubeThumbnail, youtubeWatchUrl } from "./youtube";
import styles from "./VideoPlayer.module.css";

const VIDEO_FALLBACK_TITLE = "video de YouTube";

export interface VideoPlayerProps {
  /** The YouTube video id (see youtubeId in ./youtube). */
  videoId: string;
  title?: string;
  /** Load the thumbnail eagerly (a lead video above the fold). */
  eager?: boolean;
  /**
   * The video's own image on this site (its promo image): shown, in the width the screen needs, in
   * place of YouTube's thumbnail, so the page's largest paint needs no other origin.
   */
  poster?: string;
  className?: string;
}

/** The poster's widths: the player is as wide as the article column at most. */
const POSTER_SIZES = "(max-width: 1024px) 100vw, 800px";

export function VideoPlayer({ videoId, title, eager = false, poster, className }: VideoPlayerProps) {
  const name = title?.trim() || VIDEO_FALLBACK_TITLE;
  const thumbnail = isLocalImage(poster)
    ? responsiveImage(poster, { srcWidth: IMAGE_BREAKPOINTS.md, maxWidth: IMAGE_BREAKPOINTS.lg, sizes: POSTER_SIZES, priority: eager })
    : { src: youtubeThumbnail(videoId), width: 480, height: 360, loading: eager ? ("eager" as const) : ("lazy" as const) };
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
        <img className={styles.thumbnail} alt="" decoding="async" {...thumbnail} />
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
