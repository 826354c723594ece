import type { SocialLink, SocialNetwork } from "../../brands";
import styles from "./SocialLinks.module.css";

const SOCIAL_NETWORK_NAMES: Record<SocialNetwork, string> = {
  youtube: "YouTube",
  tiktok: "TikTok",
  twitter: "Twitter",
  facebook: "Facebook",
  instagram: "Instagram",
};

/** The brand's social links as icons with accessible names ("Semana en YouTube"), in the order given. */
export function SocialLinks({ brandName, links, className }: { brandName: string; links: readonly SocialLink[]; className?: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.network}>
          <a href={link.url} target="_blank" rel="noopener" aria-label={`${brandName} en ${SOCIAL_NETWORK_NAMES[link.network]}`}>
            <span className={`${styles.icon} ${styles[link.network]}`} aria-hidden="true" />
          </a>
        </li>
      ))}
    </ul>
  );
}
