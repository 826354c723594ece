import type { BlockProps } from "../../runtime/types";
import { formatLongDateTime } from "../_shared/format";
import type { AuthorInfo, Byline } from "../_shared/byline";
import type { Data } from "./index.server";
import { LeadMedia } from "./LeadMedia";
import { SocialIcon } from "./SocialIcon";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Author photo sizes (px): beside the byline, and prominent on opinion pieces. */
export const AUTHOR_PHOTO_SIZE = { byline: 48, opinion: 112 } as const;

function AuthorCard({ author, prominent }: { author: AuthorInfo; prominent: boolean }) {
  const size = prominent ? AUTHOR_PHOTO_SIZE.opinion : AUTHOR_PHOTO_SIZE.byline;
  const name = author.href ? (
    <a className={styles.authorName} href={author.href} rel="author">
      {author.name}
    </a>
  ) : (
    <span className={styles.authorName}>{author.name}</span>
  );
  return (
    <div className={prominent ? styles.authorProminent : styles.author} data-byline="author">
      {author.photo ? <img className={styles.authorPhoto} src={author.photo} alt="" width={size} height={size} loading={prominent ? "eager" : "lazy"} /> : null}
      <div className={styles.authorText}>
        {name}
        {author.description ? <p className={styles.authorDescription}>{author.description}</p> : null}
        {author.social.length ? (
          <ul className={styles.social}>
            {author.social.map((link) => (
              <li key={link.site}>
                <a href={link.url} aria-label={link.label} title={link.label} target="_blank" rel="noopener noreferrer">
                  <SocialIcon site={link.site} />
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

function BylineView({ byline }: { byline: Byline }) {
  switch (byline.kind) {
    case "newsroom":
    case "redaccion":
      return (
        <p className={styles.byline} data-byline={byline.kind}>
          <a href={byline.href} rel="author">
            {byline.name}
          </a>
        </p>
      );
    case "author":
      return <AuthorCard author={byline.author} prominent={false} />;
    case "text":
      return (
        <p className={styles.byline} data-byline="text">
          {byline.text}
        </p>
      );
    default:
      return null;
  }
}

/**
 * The article page's header (docs/article-pages.md#default-layout), from the data its server half
 * read from the article: section label, the label's badge, headline, subheadline, byline or columnist, date
 * and lead media.
 */
export default function ArticleHeader({ data }: BlockProps<Settings, Data>) {
  if (!data) return null;
  const { section, headline, subheadline, date, badge, opinion, columnist, byline, lead, vertical } = data;
  const dateText = formatLongDateTime(date);
  return (
    <header className={[styles.header, opinion ? styles.opinion : ""].join(" ")} data-article-header="">
      <div className={styles.kicker}>
        {badge ? (
          <span className={styles.live} data-badge="">
            {badge}
          </span>
        ) : null}
        {section ? (
          <a className={styles.section} href={section.href}>
            {section.label}
          </a>
        ) : null}
      </div>
      {columnist ? <AuthorCard author={columnist} prominent /> : null}
      {headline ? <h1 className={styles.headline}>{headline}</h1> : null}
      {subheadline ? <p className={styles.subheadline}>{subheadline}</p> : null}
      <div className={styles.meta}>
        {byline ? <BylineView byline={byline} /> : null}
        {dateText ? (
          <time className={styles.date} dateTime={date}>
            {dateText}
          </time>
        ) : null}
      </div>
      {lead ? <LeadMedia lead={lead} headline={headline} vertical={vertical} /> : null}
    </header>
  );
}
