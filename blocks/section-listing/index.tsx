import { sectionName } from "../../domain/sections";
import { type BrandId } from "../../domain/brands";
import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { feedPage, ListingSection, PagedStories } from "../_shared/Listing";
import { sectionFeedFetch, sectionFromContext } from "../_shared/listingQueries";
import { StoryCard, toCardStories, type CardStory } from "../_shared/StoryCard";
import type { Page } from "../_shared/useLoadMore";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** Weekly section pages: the grid's first batch is 7 stories from offset 4, then 8 per load (spec §9). */
export const SECTION_FIRST_BATCH_SIZE = 7;
export const SECTION_FIRST_BATCH_OFFSET = 4;
export const SECTION_LOAD_MORE_SIZE = 8;

export interface Data extends Page<CardStory> {
  sectionId: string;
  title: string;
  description?: string;
  /** The stories before the grid's offset, the first one as the lead. Empty on next-page answers. */
  top: CardStory[];
}

export function fetchSectionListing(settings: Settings, context: PageContext): BlockFetches {
  const sectionId = sectionFromContext(settings.section, context);
  if (!sectionId) return {};
  const offset = settings.offset ?? SECTION_FIRST_BATCH_OFFSET;
  if (context.cursor) {
    const size = settings.loadMoreSize ?? SECTION_LOAD_MORE_SIZE;
    return { stories: sectionFeedFetch("content-apir", context, sectionId, size, context.cursor.offset) };
  }
  const fetches: BlockFetches = {
    section: { source: "section-source", query: { website: context.brand, path: sectionId }, optional: true },
    stories: sectionFeedFetch("content-apir", context, sectionId, settings.feedSize ?? SECTION_FIRST_BATCH_SIZE, offset),
  };
  if ((settings.showTopStories ?? true) && offset > 0) fetches.top = sectionFeedFetch("content-apir", context, sectionId, offset, 0);
  return fetches;
}

export function transformSectionListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const sectionId = sectionFromContext(settings.section, context) ?? "";
  const section = data.section ?? {};
  const title =
    settings.title ||
    (typeof section.name === "string" && section.name) ||
    sectionName(context.brand as BrandId, sectionId) ||
    "";
  const description = typeof section.site?.site_description === "string" ? section.site.site_description : undefined;
  const page = feedPage(data.stories);
  return { ...page, sectionId, title, ...(description ? { description } : {}), top: toCardStories(data.top?.content_elements) };
}

/** A section's stories: title, the top stories with a lead, then the grid with 'Cargar más artículos'. */
export default defineBlock<Settings, Data>({
  type: "section-listing",
  fetch: fetchSectionListing,
  transform: transformSectionListing,
  isEmpty: (data) => data.items.length === 0 && data.top.length === 0,
  component: ({ id, pageId, settings, data, context }) => {
    const dark = settings.background === "Dark";
    const headingLevel = settings.headingLevel ?? 1;
    const cardHeading = headingLevel === 1 ? 2 : 3;
    const [lead, ...secondary] = data.top;
    const initial: Page<CardStory> = { items: data.items, next: settings.loadMore === false ? undefined : data.next, count: data.count };
    return (
      <ListingSection
        id={id}
        title={data.title}
        titleHref={headingLevel === 1 ? undefined : settings.link || `${data.sectionId}/`}
        headingLevel={headingLevel}
        dark={dark}
      >
        {headingLevel === 1 && data.description && <p className={styles.description}>{data.description}</p>}
        {lead && (
          <div className={styles.top}>
            <div className={styles.lead}>
              <StoryCard story={lead} variant="lead" time="relative" dark={dark} headingLevel={cardHeading} priority={headingLevel === 1} sectionLabel={settings.customSection} />
            </div>
            {secondary.length > 0 && (
              <ul className={styles.secondary}>
                {secondary.map((story) => (
                  <li key={story.id}>
                    <StoryCard story={story} variant="compact" time="relative" dark={dark} headingLevel={cardHeading} sectionLabel={settings.customSection} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <PagedStories
          pageId={pageId}
          blockId={id}
          path={context.path}
          initial={initial}
          lead={!lead}
          leadPriority={headingLevel === 1}
          dark={dark}
          headingLevel={cardHeading}
          sectionLabel={settings.customSection}
        />
      </ListingSection>
    );
  },
});
