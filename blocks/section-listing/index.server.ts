import { defineBlockServer } from "../../runtime/define";
import { fetchSectionListing, isEmptySectionListing, transformSectionListing, type SectionListingData } from "../_shared/sectionListing";
import type { Settings } from "./settings";

type Data = SectionListingData;

/** A section's stories: title, the top stories with a lead, then the grid with 'Cargar más artículos'. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchSectionListing,
  transform: transformSectionListing,
  isEmpty: isEmptySectionListing,
});
