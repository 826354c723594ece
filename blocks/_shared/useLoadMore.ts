// 'Cargar más artículos' (docs/listings.md#load-more): idle → loading ('Cargando...') → idle, the
// next page appended without a reload. The next page comes from the server's block endpoint, which
// runs the block's own fetch and transform with context.cursor = { offset }.
import { produce } from "immer";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Page } from "./cards";

export type { Page };

export const LOAD_MORE_LABEL = "Cargar más artículos";
export const LOADING_LABEL = "Cargando...";

export type LoadMoreStatus = "idle" | "loading";

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

function isPage(value: unknown): value is Page<unknown> {
  const page = value as Page<unknown> | undefined;
  return !!page && typeof page === "object" && Array.isArray(page.items) && typeof page.count === "number";
}

/** Fetches a block's page at `offset`; rejects with a message naming what was wrong. */
export async function fetchBlockPage<T>(url: string, signal?: AbortSignal): Promise<Page<T>> {
  const response = await fetch(url, { headers: { accept: "application/json" }, signal });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const body = (await response.json()) as { data?: unknown };
  // The server answers { data: null } when the block has nothing at that offset: the list ends.
  if (body?.data === null) return { items: [], count: 0 };
  if (!isPage(body?.data)) throw new Error(`${url}: the answer has no { data: { items[], count } }`);
  return body.data as Page<T>;
}

interface State<T> {
  initial: Page<T>;
  items: T[];
  next?: number;
  count: number;
  status: LoadMoreStatus;
}

function fresh<T>(initial: Page<T>): State<T> {
  return { initial, items: initial.items, next: initial.next, count: initial.count, status: "idle" };
}

export interface LoadMoreOptions<T> {
  pageId: string;
  blockId: string;
  /** The first page, rendered on the server. */
  initial: Page<T>;
  /** Identity of an item, to skip items already shown when the feed moved between loads. */
  keyOf?: (item: T) => string;
}

export interface LoadMore<T> {
  items: T[];
  status: LoadMoreStatus;
  /** Whether the 'Cargar más artículos' button shows. */
  hasMore: boolean;
  loadMore: () => Promise<void>;
}

export function useLoadMore<T>({ pageId, blockId, initial, keyOf }: LoadMoreOptions<T>): LoadMore<T> {
  const [stored, setState] = useState<State<T>>(() => fresh(initial));
  // New server data (client-side navigation to another page with this block): start again.
  let state = stored;
  if (stored.initial !== initial) {
    state = fresh(initial);
    setState(state);
  }
  const stateRef = useRef(state);
  stateRef.current = state;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (current.status === "loading" || !hasNextPage(current)) return;
    const startedFor = current.initial;
    setState((prev) => produce(prev, (draft) => void (draft.status = "loading")));
    try {
      const page = await fetchBlockPage<T>(blockEndpoint(pageId, blockId, current.next as number, window.location.pathname));
      if (!mounted.current) return;
      setState((prev) =>
        prev.initial !== startedFor
          ? prev
          : produce(prev, (draft) => {
              const shown = keyOf ? new Set(prev.items.map(keyOf)) : undefined;
              const added = shown ? page.items.filter((item) => !shown.has(keyOf!(item))) : page.items;
              (draft.items as T[]).push(...added);
              // An empty page ends the list even if the feed still announces more.
              draft.next = page.items.length > 0 ? page.next : undefined;
              draft.count = page.count;
              draft.status = "idle";
            }),
      );
    } catch (error) {
      // Failures render nothing to the reader: back to idle, logged for developers.
      console.error(`load more failed for block ${blockId} of page ${pageId}:`, error instanceof Error ? error.message : error);
      if (mounted.current) setState((prev) => produce(prev, (draft) => void (draft.status = "idle")));
    }
  }, [pageId, blockId, keyOf]);

  return { items: state.items, status: state.status, hasMore: hasNextPage(state), loadMore };
}
