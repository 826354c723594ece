// Its grid's 'Más videos' button (docs/listings.md#load-more): the block stays server HTML.
export { enhanceLoadMore as default } from "../_shared/loadMore";
