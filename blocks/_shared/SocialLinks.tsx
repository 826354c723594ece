import type { SocialLink, SocialNetwork } from "../../brands";

export const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  youtube: "YouTube",
  tiktok: "TikTok",
  twitter: "Twitter",
  facebook: "Facebook",
  instagram: "Instagram",
};

const ICON_PATHS: Record<SocialNetwork, string> = {
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8A26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8ZM10 15V9l5.2 3L10 15Z",
  tiktok: "M16.5 3c.4 2.3 1.9 3.9 4.5 4.1v3.2a8 8 0 0 1-4.5-1.3V15a6 6 0 1 1-6-6h.5v3.3a2.8 2.8 0 1 0 2.3 2.7V3h3.2Z",
  twitter: "M4 3h4.6l4.1 5.8L17.8 3H20l-6.3 7.3L21 21h-4.6l-4.5-6.3L6.3 21H4l6.9-7.9L4 3Zm2.9 1.5 9.9 15h1.4L8.4 4.5H6.9Z",
  facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v8h4v-8h3l.5-4h-3.5V9c0-.6.4-1 1-1Z",
  instagram:
    "M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm5.3-4.2a1.2 1.2 0 1 1 0 2.4 1.2 1.2 0 0 1 0-2.4Z",
};

/** The brand's social links as icons with accessible names ("Semana en YouTube"), in the order given. */
export function SocialLinks({ brandName, links, className }: { brandName: string; links: readonly SocialLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.network}>
          <a href={link.url} target="_blank" rel="noopener" aria-label={`${brandName} en ${SOCIAL_NETWORK_NAMES[link.network]}`}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false" fill="currentColor">
              <path d={ICON_PATHS[link.network]} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
