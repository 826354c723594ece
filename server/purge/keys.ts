// Content keys (docs/decisions/0081-purge-by-content-key.md): the names a response gives the content
// it is made of, in `Surrogate-Key` (Fastly) and `Cache-Tag` (Cloudflare), and that a content change
// purges. Short, and of characters both CDNs take as they are: letters, digits, "-" and "_".
//   <_id>          an ANS document (story, gallery, video, collection…), by its own _id
//   s-<source>     every answer of a content source (purge one to refetch all its answers)
//   l-<brand>      an answer listing several documents of a brand: a new document may belong in it
//   b-<brand>      every page of a brand (and the fallback when a page's keys do not fit a header)
import { createHash } from "node:crypto";
import type { FetchOrigin } from "../../runtime/cache";
import { DOCUMENT_TYPES } from "../content/documents";

/** A key as it is written: the CDNs' limits, with room to spare (Fastly and Cloudflare take 1024 bytes a key). */
const SAFE_KEY = /^[A-Za-z0-9_-]{1,64}$/;

/** Bytes of keys a response carries: both CDNs take 16 KB in the header; a little less, for the header's name. */
export const MAX_KEY_HEADER_BYTES = 16_000;

const documentTypes = new Set<string>(DOCUMENT_TYPES);

/** A name as a key: as it is when it is safe, else a digest of it (the same for the same name). */
function safe(name: string): string {
  if (SAFE_KEY.test(name)) return name;
  return (
    "h-" +
    createHash("sha256")
      .update(name)
      .digest("base64url")
      .slice(0, 22)
      .replace(/[^A-Za-z0-9_-]/g, "_")
  );
}

/** The key of an ANS document (or collection) by its _id. */
export function documentKey(id: string): string {
  return safe(id);
}

export const sourceKey = (source: string) => `s-${safe(source)}`;
export const listKey = (brand: string) => `l-${safe(brand)}`;
export const brandKey = (brand: string) => `b-${safe(brand)}`;

/** How deep an answer is searched for documents: a list answer's items, a collection's documents. */
const MAX_DEPTH = 4;

/**
 * The content keys of a source's answer: the source's, each document's it holds (at any depth up
 * to MAX_DEPTH, not the elements inside a document), and its brand's list key when it lists several.
 */
export function answerKeys(origin: FetchOrigin, value: unknown): string[] {
  const keys = new Set<string>([sourceKey(origin.source)]);
  let documents = 0;
  const visit = (node: unknown, depth: number) => {
    if (!node || typeof node !== "object" || depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1);
      return;
    }
    const record = node as Record<string, unknown>;
    if (typeof record._id === "string" && record._id && typeof record.type === "string" && documentTypes.has(record.type)) {
      keys.add(documentKey(record._id));
      documents++;
      return;
    }
    for (const child of Object.values(record)) if (child && typeof child === "object") visit(child, depth + 1);
  };
  visit(value, 0);
  const website = (origin.query as { website?: unknown } | null)?.website;
  if (documents > 1 && typeof website === "string") keys.add(listKey(website));
  return [...keys];
}

/**
 * The keys a page's response names, within MAX_KEY_HEADER_BYTES: its brand's, then its content's.
 * When they do not fit, the document keys are left out and the page carries its brand, source and
 * list keys only: a document change then reaches it at the CDN when its s-maxage ends, or by a purge
 * of its brand key.
 */
export function responseKeys(brand: string, keys: readonly string[] = []): string[] {
  const all = [brandKey(brand), ...keys.filter((key) => key !== brandKey(brand))];
  if (all.join(" ").length <= MAX_KEY_HEADER_BYTES) return all;
  return all.filter((key) => /^[sbl]-/.test(key));
}

/** The response headers naming a page's keys: Surrogate-Key (space-separated) and Cache-Tag (commas). */
export function keyHeaders(brand: string, keys: readonly string[] | undefined): Record<string, string> {
  const named = responseKeys(brand, keys);
  return { "Surrogate-Key": named.join(" "), "Cache-Tag": named.join(",") };
}

/** The keys a Surrogate-Key header names. */
export function headerKeys(header: string | undefined): string[] {
  return header ? header.split(" ").filter(Boolean) : [];
}
