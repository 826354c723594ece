// What the content store knows about an ANS document beyond its JSON: which types are documents at
// all, the error that refuses one, and the defaults an imported document gets (a derived _id, a
// collection's item ids). Its indexed columns are in document-row.ts, its URL rules in document-urls.ts.
import { createHash } from "node:crypto";

/** ANS types that are whole documents and live in the documents table. Authors go to their own table. */
export const DOCUMENT_TYPES = ["story", "gallery", "video", "image", "audio", "collection", "redirect"] as const;
export const AUTHOR_TYPE = "author";

export class DocumentError extends Error {}

export const isObject = (value: unknown): value is Record<string, any> => typeof value === "object" && value !== null && !Array.isArray(value);

export const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** Splits a comma list ("a, b,,c") into its non-empty trimmed items. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * A stable _id for a document that has none (e.g. a multi-site story): derived from its brand and
 * canonical URL, or from its content, so importing it twice replaces it instead of duplicating it.
 */
export function deriveDocumentId(doc: Record<string, unknown>): string {
  const basis = typeof doc.canonical_url === "string" && doc.canonical_url ? `${doc.canonical_website ?? ""}|${doc.canonical_url}` : JSON.stringify(doc);
  // 26 upper-case base-32 characters, like Arc's own ids.
  const digest = createHash("sha256").update(basis).digest();
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let id = "";
  for (let i = 0; i < 26; i++) id += alphabet[digest[i] % 32];
  return id;
}

/** The ids of the items of an ANS collection: full documents ({_id}) or references ({referent: {id}}). */
export function collectionItemIds(collection: Record<string, any>): string[] {
  const elements = Array.isArray(collection.content_elements) ? collection.content_elements : [];
  const ids: string[] = [];
  for (const element of elements) {
    if (!isObject(element)) continue;
    const id = element.type === "reference" || element.referent ? text(element.referent?.id) : text(element._id);
    if (id) ids.push(id);
  }
  return ids;
}
