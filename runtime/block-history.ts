// Addresses a block puts in the browser's history itself: states of that block on the same page (the
// help centre's card and sub-card), not new pages. Going back or forward between them needs no new
// page data, so the page routes' shouldRevalidate skips the loaders; otherwise every back button
// would fetch the whole page again, and a second one while the first is loading would abort it.

/** The addresses (path and query) of the states blocks pushed, and of the page they started on. */
const blockStates = new Set<string>();
const address = (url: URL | Location) => url.pathname + url.search;

/** Adds a state of a block to the history, as `history.pushState` does, and remembers both ends of the move. */
export function pushBlockState(href: string): void {
  blockStates.add(address(window.location));
  window.history.pushState(null, "", href);
  blockStates.add(address(window.location));
}

/** The page routes' shouldRevalidate: a move between a block's own states on one page keeps the page's data. */
export function revalidateUnlessBlockState(move: { currentUrl: URL; nextUrl: URL; formMethod?: string; defaultShouldRevalidate: boolean }): boolean {
  const { currentUrl, nextUrl } = move;
  const ownState = !move.formMethod && currentUrl.pathname === nextUrl.pathname && blockStates.has(address(currentUrl)) && blockStates.has(address(nextUrl));
  return ownState ? false : move.defaultShouldRevalidate;
}
