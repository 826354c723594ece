import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { AnsDocument } from "../../domain/ans";
import { slugify } from "../../domain/slugs";
import { imageSrcSet, imageUrl } from "../_shared/images";
import { feedPage, ListingSection, PagedStories } from "../_shared/Listing";
import { CARD_SOURCE_INCLUDE, type CardStory } from "../_shared/StoryCard";
import type { Page } from "../_shared/useLoadMore";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** An author page is a generic list: 8 stories per batch (spec/blocks-and-listings.md §9). */
export const AUTHOR_LISTING_FEED_SIZE = 8;
/** Author photo box (px). */
export const AUTHOR_PHOTO_SIZE = 120;

export const SOCIAL_LABELS: Record<string, string> = {
  twitter: "X (Twitter)",
  x: "X (Twitter)",
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  youtube: "YouTube",
  tiktok: "TikTok",
};

export interface AuthorHero {
  name: string;
  role?: string;
  description?: string;
  image?: string;
  social: Array<{ site: string; label: string; url: string }>;
}

export interface Data extends Page<CardStory> {
  slug: string;
  /** Undefined on next-page answers. */
  author?: AuthorHero;
}

/** The author of the page: the route's :slug, else the authorId setting. */
export function authorFromContext(settings: Settings, context: PageContext): string | undefined {
  const raw = (context.params?.slug || settings.authorId || "").trim();
  return raw || undefined;
}

export function fetchAuthorListing(settings: Settings, context: PageContext): BlockFetches {
  const author = authorFromContext(settings, context);
  if (!author) return {};
  const stories = {
    source: "content-api-search-author",
    query: {
      website: context.brand,
      includeId: author,
      feedSize: settings.feedSize ?? AUTHOR_LISTING_FEED_SIZE,
      feedOffset: context.cursor?.offset ?? 0,
      sourceInclude: `${CARD_SOURCE_INCLUDE},credits.by`,
    },
  };
  if (context.cursor) return { stories };
  return { author: { source: "authors-api", query: { website: context.brand, idAutor: author }, optional: true }, stories };
}

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function socialLinks(links: unknown): AuthorHero["social"] {
  if (!Array.isArray(links)) return [];
  return links
    .filter((link) => link && isText(link.url) && /^https?:\/\//.test(link.url) && isText(link.site))
    .map((link) => ({ site: link.site, label: SOCIAL_LABELS[link.site.toLowerCase()] ?? link.site, url: link.url }));
}

/** The hero from the authors-api record, else from the credits of the author's first story. */
export function authorHero(record: any, docs: unknown, author: string): AuthorHero | undefined {
  if (record && isText(record.byline ?? record.name)) {
    const image = typeof record.image === "string" ? record.image : record.image?.url;
    return {
      name: (record.byline ?? record.name).trim(),
      ...(isText(record.role) ? { role: record.role } : {}),
      ...(isText(record.description ?? record.bio) ? { description: record.description ?? record.bio } : {}),
      ...(isText(image) ? { image } : {}),
      social: socialLinks(record.social_links),
    };
  }
  if (!Array.isArray(docs)) return undefined;
  const wanted = slugify(author);
  for (const doc of docs as AnsDocument[]) {
    const credit = doc?.credits?.by?.find((by) => by && (by._id === author || (isText(by.name) && slugify(by.name) === wanted)));
    if (credit && isText(credit.name)) {
      const image = typeof credit.image === "string" ? credit.image : credit.image?.url;
      return {
        name: credit.name,
        ...(isText(credit.description) ? { description: credit.description } : {}),
        ...(isText(image) ? { image } : {}),
        social: socialLinks(credit.social_links),
      };
    }
  }
  return undefined;
}

export function transformAuthorListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const slug = authorFromContext(settings, context) ?? "";
  const page = feedPage(data.stories);
  if (context.cursor) return { ...page, slug };
  const author = authorHero(data.author?.authors?.[0], data.stories?.content_elements, slug);
  return { ...page, slug, ...(author ? { author } : {}) };
}

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
export default defineBlock<Settings, Data>({
  type: "author-listing",
  fetch: fetchAuthorListing,
  transform: transformAuthorListing,
  isEmpty: (data) => !data.author && data.items.length === 0,
  component: ({ id, pageId, settings, data, context }) => (
    <div className={styles.page}>
      {data.author && <Hero id={id} author={data.author} />}
      {data.items.length > 0 && (
        <ListingSection id={id} title={settings.title}>
          <PagedStories pageId={pageId} blockId={id} path={context.path} initial={data} />
        </ListingSection>
      )}
    </div>
  ),
});
