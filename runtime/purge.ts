// Purge by content key (docs/decisions/0081-purge-by-content-key.md). Every cached answer carries
// the content keys it is made of; a content change marks its keys here, in every process, and a
// cache treats an entry made before the mark as gone (refetched, and served only if the source
// fails). Marking instead of deleting needs no index of which entry holds which key, and works for
// entries in a shared store (Redis) that this process never held. Any cache (content, page, a
// fragment cache) registers by consulting the same marks.
import { LRUCache } from "lru-cache";

/** How many keys are remembered at once; the oldest marks go first. */
const MAX_MARKS = 100_000;

/**
 * How long a mark is kept: longer than any entry is served (the longest TTL plus its stale window),
 * after which the entry it would refuse has expired anyway.
 */
const MARK_MS = 24 * 3600_000;

export class PurgeMarks {
  private marks = new LRUCache<string, number>({ max: MAX_MARKS, ttl: MARK_MS });
  private listeners = new Set<(keys: string[]) => void>();

  constructor(private now: () => number = Date.now) {}

  /** Marks the keys purged now: entries with any of them made (begun) before this are gone. */
  purge(keys: Iterable<string>): void {
    const at = this.now();
    const list = [...keys];
    for (const key of list) this.marks.set(key, at);
    for (const listener of this.listeners) listener(list);
  }

  /** True when the entry, begun at `startedAt`, holds a key purged at or after that. */
  purged(keys: readonly string[] | undefined, startedAt: number): boolean {
    if (!keys) return false;
    for (const key of keys) {
      const at = this.marks.get(key);
      if (at !== undefined && at >= startedAt) return true;
    }
    return false;
  }

  /** Called with the keys of every purge this process learns of (a cache that evicts, a log). */
  onPurge(listener: (keys: string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
