// Its 'Ver años anteriores' button: the next five years come from the block endpoint as server HTML.
export { enhanceLoadMore as default } from "../_shared/loadMore";
