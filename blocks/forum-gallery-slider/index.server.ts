import { asDocument, text } from "../../domain/ans";
import { normalizeSectionId } from "../../domain/sections";
import { contentPath, safeHref } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStories } from "../_shared/cards";
import { galleryImages } from "../_shared/gallery";
import { blockOffset, sectionFeedFetch } from "../_shared/listingQueries";
import type { Settings } from "./settings";

export const FORUM_GALLERIES_SECTION = "/foros-semana/galerias";
const FORUM_GALLERIES_SIZE = 6;

interface Slide {
  key: string;
  image: { url: string; alt: string };
  /** A gallery of the section: its headline, linked to it. */
  headline?: string;
  href?: string;
  /** A photo of the chosen gallery: its caption and credit. */
  caption?: string;
}

export interface Data {
  title?: string;
  /** Where the title leads (the url setting, else the gallery's or the section's page). */
  href?: string;
  slides: Slide[];
}

const sectionOf = (settings: Settings) => normalizeSectionId(settings.section) ?? FORUM_GALLERIES_SECTION;

function fetchForumGallery(settings: Settings, context: PageContext): BlockFetches {
  if (settings.galleryId) return { gallery: { source: "gallery-by-id", query: { website: context.brand, queryString: settings.galleryId } } };
  return { galleries: sectionFeedFetch("content-apir", context, sectionOf(settings), settings.feedSize ?? FORUM_GALLERIES_SIZE, blockOffset(settings)) };
}

function transformForumGallery(data: Record<string, any>, settings: Settings): Data {
  const url = safeHref(settings.url);
  if (settings.galleryId) {
    const gallery = asDocument(data.gallery);
    const title = settings.title || text(gallery?.headlines?.basic);
    const href = url ?? contentPath(gallery?.canonical_url);
    const slides = galleryImages(gallery).map((image, index) => {
      const caption = [image.caption?.trim(), image.credit ? `Foto: ${image.credit}` : ""].filter(Boolean).join(" | ");
      return {
        key: `${index}-${image.url}`,
        image: { url: image.url, alt: image.alt ?? image.caption ?? title ?? "" },
        ...(caption ? { caption } : {}),
      };
    });
    return { ...(title ? { title } : {}), ...(href ? { href } : {}), slides };
  }
  const slides = toCardStories(data.galleries?.content_elements).map((card) => ({ key: card.id, image: card.image!, headline: card.headline, href: card.url }));
  const href = url ?? `${sectionOf(settings)}/`;
  return { ...(settings.title ? { title: settings.title } : {}), href, slides };
}

/** The forums gallery slider: a gallery's photos, or the section's latest galleries, one at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchForumGallery,
  transform: transformForumGallery,
  isEmpty: (data) => data.slides.length === 0,
});
