import type { BlockProps } from "../../runtime/types";
import SectionListing from "../_shared/SectionListingView";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import { asSectionListing } from "./sizes";

/** A section page's listing whose section the whole URL names: section-listing's view with this block's sizes. */
export default function UrlSectionListing({ settings, ...props }: BlockProps<Settings, Data>) {
  return <SectionListing {...props} settings={asSectionListing(settings)} />;
}
