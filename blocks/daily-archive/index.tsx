import type { BlockProps } from "../../runtime/types";
import { ListingSection, PagedStories } from "../_shared/Listing";
import type { Data } from "./index.server";
import type { Settings } from "./settings";

/** The heading's first letter in capitals: "Lunes, 20 de mayo de 2024". */
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A day of the archive: the date as heading, then that day's articles with 'Cargar más artículos'. */
export default function DailyArchive({ id, pageId, data }: BlockProps<Settings, Data | null>) {
  if (!data) return null;
  return (
    <ListingSection id={id} title={capitalised(data.heading)} headingLevel={1}>
      {data.items.length > 0 ? (
        <PagedStories pageId={pageId} blockId={id} initial={data} time="date" headingLevel={2} />
      ) : (
        <p role="status">{`No hay artículos publicados el ${data.heading}.`}</p>
      )}
    </ListingSection>
  );
}
