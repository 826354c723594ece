import type { BlockProps } from "../../runtime/types";
import { imageSrcSet, imageUrl } from "../_shared/images";
import { ListingSection, PagedStories } from "../_shared/Listing";
import type { AuthorHero, Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Author photo box (px). */
export const AUTHOR_PHOTO_SIZE = 120;

function Hero({ id, author }: { id: string; author: AuthorHero }) {
  return (
    <header className={styles.hero}>
      {author.image && (
        <img
          className={styles.photo}
          src={imageUrl(author.image, 480)}
          srcSet={imageSrcSet(author.image, 480)}
          sizes={`${AUTHOR_PHOTO_SIZE}px`}
          width={AUTHOR_PHOTO_SIZE}
          height={AUTHOR_PHOTO_SIZE}
          alt={`Foto de ${author.name}`}
        />
      )}
      <div className={styles.text}>
        <h1 id={`${id}-autor`} className={styles.name}>
          {author.name}
        </h1>
        {author.role && <p className={styles.role}>{author.role}</p>}
        {author.description && <p className={styles.description}>{author.description}</p>}
        {author.social.length > 0 && (
          <ul className={styles.social} aria-label={`Redes sociales de ${author.name}`}>
            {author.social.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </header>
  );
}

/** An author's page: hero (photo, name, description, social links), then the author's stories. */
export default function AuthorListing({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  return (
    <div className={styles.page}>
      {data.author && <Hero id={id} author={data.author} />}
      {data.items.length > 0 && (
        <ListingSection id={id} title={settings.title}>
          <PagedStories pageId={pageId} blockId={id} initial={data} />
        </ListingSection>
      )}
    </div>
  );
}
