import styles from "./styles.module.css";

const ELECTIONS_BANNER = {
  title: "Elecciones 2026",
  subtitle: "Candidatos, encuestas y resultados",
} as const;

/**
 * The banner of elections articles (docs/article-pages.md#elections): the editor's image when set, else
 * a drawn banner; both link to the elections section (/elecciones/, sent as `href`).
 */
export function ElectionsBanner({ href, imageUrl }: { href: string; imageUrl?: string }) {
  const label = `${ELECTIONS_BANNER.title}. ${ELECTIONS_BANNER.subtitle}`;
  return (
    <a className={styles.electionsBanner} href={href} data-elections-banner="">
      {imageUrl ? (
        <img src={imageUrl} alt={label} width={800} height={200} loading="lazy" />
      ) : (
        <svg viewBox="0 0 800 200" role="img" aria-label={label}>
          <rect width="800" height="200" fill="#0b2545" />
          <rect x="0" y="0" width="24" height="200" fill="#fcd116" />
          <rect x="24" y="0" width="12" height="200" fill="#003893" />
          <rect x="36" y="0" width="12" height="200" fill="#ce1126" />
          <text x="80" y="100" fill="#ffffff" fontFamily="Georgia, serif" fontSize="60" fontWeight="700">
            {ELECTIONS_BANNER.title}
          </text>
          <text x="80" y="150" fill="#fcd116" fontFamily="Arial, sans-serif" fontSize="30">
            {ELECTIONS_BANNER.subtitle}
          </text>
        </svg>
      )}
    </a>
  );
}
