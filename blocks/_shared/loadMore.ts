// 'Cargar más artículos' (docs/listings.md#load-more) on a listing's server HTML (./LoadMoreButton.tsx:
// a form that opens the next page where no script runs, or before this one does): idle → loading
// ('Cargando...', disabled) → idle with the button's own label again (a block may name its button,
// e.g. 'Más videos'), the next page appended without a reload; the button shows only
// while next > 0 and next < count. The next page comes from the server's block endpoint, which runs
// the block's own fetch and transform with context.cursor = { offset } and answers the block
// rendered for that page ({ html }); its list items are appended, its button names the page after.
import type { Page } from "./cards";

/** The label of a load-more button that a block does not name otherwise. */
export const LOAD_MORE_LABEL = "Cargar más artículos";
export const LOADING_LABEL = "Cargando...";
/** A page's address with one block at a later page of its feed: ?bloque=<block id>&offset=<n> (server/site.ts). */
export const PAGED_BLOCK_PARAM = "bloque";
export const PAGED_OFFSET_PARAM = "offset";
/** The id of a load-more block's list: the next page opened without script scrolls to it. */
export const loadMoreListId = (blockId: string) => `${blockId}-lista`;

/** The button shows only while next > 0 and next < count. */
export function hasNextPage(page: Pick<Page<unknown>, "next" | "count">): boolean {
  return typeof page.next === "number" && page.next > 0 && typeof page.count === "number" && page.next < page.count;
}

/**
 * URL of a block's next page: GET /_block/<pageId>/<blockId>?offset=<n>&path=<page path>.
 * The path (the page the reader is on) lets the server recover the route's parameters (e.g. the
 * section of "/:section/").
 */
export function blockEndpoint(pageId: string, blockId: string, offset: number, path?: string): string {
  const query = new URLSearchParams({ offset: String(offset) });
  if (path) query.set("path", path);
  return `/_block/${encodeURIComponent(pageId)}/${encodeURIComponent(blockId)}?${query}`;
}

const LIST = "[data-load-more-list]";
const BUTTON = "button[data-load-more]";
const OFFSET = "input[data-load-more-offset]";

/** Fetches the block rendered at the button's page; rejects with a message naming what was wrong. */
async function nextPage(endpoint: string): Promise<DocumentFragment> {
  // A block whose page reads its query string (the search) names its page, query included, itself.
  const named = new URL(endpoint, window.location.href).searchParams.has("path");
  const url = named ? endpoint : `${endpoint}&path=${encodeURIComponent(window.location.pathname)}`;
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = (await response.json()) as { html?: unknown };
  if (typeof body?.html !== "string") throw new Error(`${url}: the answer has no { html }`);
  // A template parses without running anything; the server rendered it with React's escaping.
  const template = document.createElement("template");
  template.innerHTML = body.html;
  return template.content;
}

/** Wires the load-more button of a listing block's frame; the button keeps the label it was rendered with. */
export function enhanceLoadMore(frame: HTMLElement): void {
  const list = frame.querySelector<HTMLElement>(LIST);
  const button = frame.querySelector<HTMLButtonElement>(BUTTON);
  if (!list || !button) return;
  // The button's own label comes back after loading ('Cargar más artículos', or a block's own).
  const label = button.textContent || LOAD_MORE_LABEL;
  button.addEventListener("click", async (event) => {
    // Appended in place: the form's next page (what a click opens without script) is not opened.
    event.preventDefault();
    if (button.getAttribute("aria-busy") === "true") return;
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    button.textContent = LOADING_LABEL;
    try {
      const page = await nextPage(button.dataset.loadMore!);
      const items = [...page.querySelectorAll<HTMLElement>(`${LIST} > [data-key]`)];
      // The feed may have moved between loads: skip stories already shown.
      const shown = new Set([...list.children].map((item) => (item as HTMLElement).dataset.key));
      list.append(...items.filter((item) => !shown.has(item.dataset.key)));
      const followingButton = page.querySelector<HTMLButtonElement>(BUTTON);
      const following = followingButton?.dataset.loadMore;
      // An empty page ends the list even if the feed still announces more.
      if (!following || items.length === 0) {
        (button.form ?? button).parentElement?.remove();
        return;
      }
      button.dataset.loadMore = following;
      // Without script from here on (a reload), the form opens the page after the one appended.
      const offset = button.form?.querySelector<HTMLInputElement>(OFFSET);
      const followingOffset = followingButton?.form?.querySelector<HTMLInputElement>(OFFSET)?.value;
      if (offset && followingOffset) offset.value = followingOffset;
    } catch (error) {
      // Failures show the reader nothing new: back to idle, logged for developers.
      console.error("load more failed:", error instanceof Error ? error.message : error);
    }
    button.disabled = false;
    button.removeAttribute("aria-busy");
    button.textContent = label;
  });
}
