// A lite YouTube player: a 16:9 thumbnail with a play button; YouTube's iframe (privacy-enhanced
// domain) is only created after the reader clicks, so an article with videos stays fast.
import { useState } from "react";
import { youtubeEmbedUrl, youtubeThumbnail } from "./youtube";
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
  const [playing, setPlaying] = useState(false);
  const name = title?.trim() || VIDEO_FALLBACK_TITLE;
  return (
    <div className={[styles.player, className].filter(Boolean).join(" ")} data-video-id={videoId}>
      {playing ? (
        <iframe
          className={styles.frame}
          src={youtubeEmbedUrl(videoId)}
          title={name}
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
        />
      ) : (
        <button type="button" className={styles.poster} aria-label={`Reproducir video: ${name}`} onClick={() => setPlaying(true)}>
          <img
            className={styles.thumbnail}
            src={youtubeThumbnail(videoId)}
            alt=""
            width={480}
            height={360}
            loading={eager ? "eager" : "lazy"}
            decoding="async"
          />
          <span className={styles.play} aria-hidden="true">
            <svg viewBox="0 0 68 48" width="68" height="48" focusable="false">
              <path
                d="M66.5 7.7a8.5 8.5 0 0 0-6-6C55.3.3 34 .3 34 .3s-21.3 0-26.5 1.4a8.5 8.5 0 0 0-6 6C.1 13 .1 24 .1 24s0 11 1.4 16.3a8.5 8.5 0 0 0 6 6C12.7 47.7 34 47.7 34 47.7s21.3 0 26.5-1.4a8.5 8.5 0 0 0 6-6C67.9 35 67.9 24 67.9 24s0-11-1.4-16.3z"
                fill="#c00"
              />
              <path d="M45 24 27 14v20z" fill="#fff" />
            </svg>
          </span>
        </button>
      )}
    </div>
  );
}
