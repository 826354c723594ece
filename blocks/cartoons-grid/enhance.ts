// Its load-more button (docs/listings.md#load-more): the block stays server HTML.
export { enhanceLoadMore as default } from "../_shared/loadMore";
