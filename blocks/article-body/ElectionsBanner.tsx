import { ELECTIONS_SECTION } from "./article-info";
import styles from "./styles.module.css";

export const ELECTIONS_BANNER = {
  href: `${ELECTIONS_SECTION}/`,
  title: "Elecciones 2026",
  subtitle: "Toda la cobertura: candidatos, encuestas y resultados",
} as const;

/** The banner of elections articles: the editor's image when set, else a drawn banner; both link to /elecciones/. */
export function ElectionsBanner({ imageUrl }: { imageUrl?: string }) {
  const label = `${ELECTIONS_BANNER.title}. ${ELECTIONS_BANNER.subtitle}`;
  return (
    <a className={styles.electionsBanner} href={ELECTIONS_BANNER.href} data-elections-banner="">
      {imageUrl ? (
        <img src={imageUrl} alt={label} width={1200} height={200} loading="lazy" />
      ) : (
        <svg viewBox="0 0 1200 200" role="img" aria-label={label}>
          <rect width="1200" height="200" fill="#0b2545" />
          <rect x="0" y="0" width="24" height="200" fill="#fcd116" />
          <rect x="24" y="0" width="12" height="200" fill="#003893" />
          <rect x="36" y="0" width="12" height="200" fill="#ce1126" />
          <text x="96" y="98" fill="#ffffff" fontFamily="Georgia, serif" fontSize="64" fontWeight="700">
            {ELECTIONS_BANNER.title}
          </text>
          <text x="96" y="150" fill="#fcd116" fontFamily="Arial, sans-serif" fontSize="30">
            {ELECTIONS_BANNER.subtitle}
          </text>
        </svg>
      )}
    </a>
  );
}
