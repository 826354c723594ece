// The view is shared with url-section-listing, which lists the section its page's URL names
// (blocks/_shared/SectionListingView.tsx).
export { default } from "../_shared/SectionListingView";
