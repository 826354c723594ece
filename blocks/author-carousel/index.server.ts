import { authorPagePath, authorSlug } from "../../domain/slugs";
import { safeSrc } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { Settings } from "./settings";

/** docs/opinion-and-authors.md#author-carousel: 12 authors, arrows when there are more than 7. */
export const AUTHOR_CAROUSEL_SIZE = 12;
const AUTHOR_CAROUSEL_ARROWS_FROM = 8;

interface AuthorCard {
  id: string;
  name: string;
  image?: string;
  /** The author's page, /opinion/{slug}/. */
  href: string;
}

export interface Data {
  title?: string;
  authors: AuthorCard[];
  /** More than 7 authors: the carousel shows its arrows. */
  arrows: boolean;
}

/** The author ids of the autorIds map, in its order, each once, at most 12. */
export function authorIds(settings: Settings): string[] {
  const ids = Object.values(settings.autorIds ?? {})
    .map((id) => id.trim())
    .filter(Boolean);
  return [...new Set(ids)].slice(0, AUTHOR_CAROUSEL_SIZE);
}

function fetchAuthorCarousel(settings: Settings, context: PageContext): BlockFetches {
  const ids = authorIds(settings);
  return ids.length ? { authors: { source: "authors-api", query: { website: context.brand, idAutor: ids.join(",") } } } : {};
}

/** Each author record (image, byline) that authors-api found, in the order the editor gave. */
function transformAuthorCarousel(data: Record<string, any>, settings: Settings): Data {
  const records: any[] = Array.isArray(data.authors?.authors) ? data.authors.authors : [];
  const authors = records.flatMap((record): AuthorCard[] => {
    const name = typeof record?.byline === "string" ? record.byline.trim() : "";
    const id = typeof record?._id === "string" ? record._id : "";
    const slug = authorSlug(id);
    if (!name || !slug) return [];
    const image = safeSrc(typeof record.image === "string" ? record.image : record.image?.url);
    return [{ id, name, href: authorPagePath(slug), ...(image ? { image } : {}) }];
  });
  return { ...(settings.title ? { title: settings.title } : {}), authors, arrows: authors.length >= AUTHOR_CAROUSEL_ARROWS_FROM };
}

/** A carousel of authors (photo and name, each linking to the author's page), read from authors-api by id. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchAuthorCarousel,
  transform: transformAuthorCarousel,
  isEmpty: (data) => data.authors.length === 0,
});
