import type { BlockProps } from "../../runtime/types";
import type { ShareNetwork } from "../_shared/share";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const SHARE_TITLE = "Compartir";

const ICONS: Record<ShareNetwork, string> = {
  facebook: "M14 8h3V4h-3c-2.8 0-5 2.2-5 5v2H6v4h3v9h4v-9h3l1-4h-4V9c0-.6.4-1 1-1z",
  twitter: "M4 4h4.6l4 5.6L17.4 4H20l-6.2 7.2L20.6 20H16l-4.3-6-5.2 6H4l6.5-7.5z",
  whatsapp:
    "M12 3a9 9 0 0 0-7.8 13.5L3 21l4.6-1.2A9 9 0 1 0 12 3zm0 16.4c-1.4 0-2.8-.4-4-1.1l-.3-.2-2.7.7.7-2.6-.2-.3A7.4 7.4 0 1 1 12 19.4zm4.1-5.5c-.2-.1-1.3-.7-1.6-.7-.2-.1-.4-.1-.5.1l-.7.9c-.1.2-.3.2-.5.1a6 6 0 0 1-3-2.6c-.2-.4.2-.4.6-1.2.1-.1 0-.3 0-.4l-.7-1.7c-.2-.4-.4-.4-.5-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.3-.6 1.5-1.1.2-.6.2-1 .1-1.1l-.4-.2z",
  linkedin:
    "M5 3.5A2 2 0 1 1 5 7.5a2 2 0 0 1 0-4zM3.3 9h3.4v11H3.3zM9 9h3.3v1.5h.1c.5-.9 1.6-1.8 3.3-1.8 3.5 0 4.2 2.3 4.2 5.3v6H16.5v-5.3c0-1.3 0-2.9-1.8-2.9s-2 1.4-2 2.8V20H9z",
};

/**
 * The share links (docs/carousels-and-blocks.md#share-links): plain links that work without script;
 * the page's one script (enhance.ts, [data-share-popup]) opens them in a popup of their size, and
 * WhatsApp's in the app on phones.
 */
export default function ShareLinks({ data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <nav className={styles.share} aria-label={SHARE_TITLE} data-share="">
      <span className={styles.title}>{SHARE_TITLE}</span>
      <ul className={styles.list}>
        {data.links.map((link) => (
          <li key={link.network}>
            <a
              className={styles.link}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={link.label}
              title={link.label}
              data-share-popup={link.popup}
              data-share-network={link.network}
              data-share-mobile={link.mobileHref}
            >
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                <path d={ICONS[link.network]} fill="currentColor" />
              </svg>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
