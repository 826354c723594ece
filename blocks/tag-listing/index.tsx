import type { BlockProps } from "../../runtime/types";
import { ListingSection, PagedStories } from "../_shared/Listing";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** A tag page: the tag's name as heading, then its stories with 'Cargar más artículos'. */
export default function TagListing({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  const headingLevel = settings.headingLevel ?? 1;
  return (
    <ListingSection id={id} title={data.title} headingLevel={headingLevel}>
      <PagedStories pageId={pageId} blockId={id} initial={data} lead leadPriority={headingLevel === 1} headingLevel={headingLevel === 1 ? 2 : 3} />
    </ListingSection>
  );
}
