import type { BlockProps } from "../../runtime/types";
import { ListingSection, listingLook, PagedStories } from "../_shared/Listing";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The latest stories with 'Cargar más artículos'. */
export default function LatestStories({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  return (
    <ListingSection id={id} title={settings.title} titleHref={settings.link} {...look}>
      <PagedStories pageId={pageId} blockId={id} initial={data} dark={look.dark} />
    </ListingSection>
  );
}
