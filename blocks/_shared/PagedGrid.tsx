// The component of the paged grid blocks (past forums, unmissable moments, the multimedia gallery,
// the cartoons, the special and gallery lists): their titled section with the common look settings,
// and the grid with its own load-more label. Server HTML; the block's enhance.ts wires the button.
import { ListingSection, listingLook, PagedStories, type ListingLookSettings } from "./Listing";
import type { PagedGridData } from "./pagedFeed";
import type { CardTime } from "./StoryCard";

export interface PagedGridProps {
  id: string;
  pageId: string;
  settings: ListingLookSettings & { customSection?: string; loadMore?: boolean };
  data: PagedGridData;
  /** The block's load-more label (docs/listings.md#load-more). */
  moreLabel?: string;
  time?: CardTime;
  /** Show each card's section (grids of several sections); a grid of one section names it once, in its title. */
  showSection?: boolean;
}

export function PagedGrid({ id, pageId, settings, data, moreLabel, time = "none", showSection = false }: PagedGridProps) {
  const look = listingLook(settings);
  // With loadMore off the grid is its first batch only (the same feed may go on in another block).
  const page = settings.loadMore === false ? { ...data, next: undefined } : data;
  return (
    <ListingSection id={id} title={data.title} titleHref={data.link} {...look}>
      <PagedStories
        pageId={pageId}
        blockId={id}
        initial={page}
        dark={look.dark}
        time={time}
        sectionLabel={settings.customSection}
        hideSection={!showSection && !settings.customSection}
        moreLabel={moreLabel}
      />
    </ListingSection>
  );
}
