// A listing's load-more button (docs/listings.md#load-more) as server HTML that works before and
// without any script: a GET form that asks for the same page with this block at its next page
// (?bloque=<block id>&offset=<n>; the server resolves that block from there). The block's enhancer
// (./loadMore.ts) takes the click over once it runs, and appends the next page in place instead; a
// click before it arrives is not lost, it opens the next page.
import { blockEndpoint, loadMoreListId, PAGED_BLOCK_PARAM, PAGED_OFFSET_PARAM } from "./loadMore";

export interface LoadMoreButtonProps {
  pageId: string;
  blockId: string;
  /** Where the next page starts. */
  next: number;
  label: string;
  className?: string;
  /** The page's own path with the query string it reads (the search's), kept on the next page's address. */
  pagePath?: string;
}

/** The page's own query parameters, but the paging ones, as the form's hidden fields. */
function keptParams(pagePath: string | undefined): Array<[string, string]> {
  const query = pagePath?.split("?")[1];
  if (!query) return [];
  return [...new URLSearchParams(query)].filter(([name]) => name !== PAGED_BLOCK_PARAM && name !== PAGED_OFFSET_PARAM);
}

export function LoadMoreButton({ pageId, blockId, next, label, className, pagePath }: LoadMoreButtonProps) {
  return (
    // display: contents: the form adds no box, the button sits where the block's layout puts it.
    // The next page opens at the block's list (its id, ./loadMore.ts#loadMoreListId).
    <form method="get" action={`#${loadMoreListId(blockId)}`} style={{ display: "contents" }}>
      {keptParams(pagePath).map(([name, value], index) => (
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={PAGED_BLOCK_PARAM} value={blockId} />
      <input type="hidden" name={PAGED_OFFSET_PARAM} value={next} data-load-more-offset="" />
      <button type="submit" className={className} data-load-more={blockEndpoint(pageId, blockId, next, pagePath)}>
        {label}
      </button>
    </form>
  );
}
