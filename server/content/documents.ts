// What the content store knows about an ANS document beyond its JSON: the indexed columns, the
// rules that say what is a document at all, and the defaults an imported document gets.
import { createHash } from "node:crypto";
import { normalizeSectionId } from "../../domain/sections";
import { authorSlug } from "../../domain/slugs";
import { safeHref } from "../../domain/urls";

/** ANS types that are whole documents and live in the documents table. Authors go to their own table. */
export const DOCUMENT_TYPES = ["story", "gallery", "video", "image", "audio", "collection", "redirect"] as const;
export const AUTHOR_TYPE = "author";

/** Longest body text put into the search vector: enough for any article, bounded for huge ones. */
const MAX_SEARCH_TEXT = 20_000;

/** The indexed columns of one document row (the document itself travels whole beside them). */
export interface DocumentRow {
  _id: string;
  type: string;
  subtype: string | null;
  brand: string;
  section_ids: string[];
  primary_section: string | null;
  tag_slugs: string[];
  author_ids: string[];
  publish_date: string | null;
  display_date: string | null;
  canonical_url: string | null;
  content_code: string | null;
  has_promo_image: boolean;
  source_system: string | null;
  youtube_id: string | null;
  search_text: string;
  document: Record<string, unknown>;
}

export class DocumentError extends Error {}

const isObject = (value: unknown): value is Record<string, any> => typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);

/** Splits a comma list ("a, b,,c") into its non-empty trimmed items. */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  return value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
}

/** The id of a taxonomy section, whether it is inline ({_id}) or an ANS reference ({referent: {id}}). */
export function sectionIdOf(section: unknown): string | null {
  if (!isObject(section)) return null;
  const id = text(section._id) ?? (isObject(section.referent) ? text(section.referent.id) : null);
  return normalizeSectionId(id) ?? null;
}

function isoDate(value: unknown): string | null {
  if (typeof value !== "string" || !value.trim()) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

const stripHtml = (html: string) => html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ");

/** Headline, subheadline, description and the text of the body, for the Spanish search vector. */
function searchText(doc: Record<string, any>): string {
  const parts = [doc.headlines?.basic, doc.subheadlines?.basic, doc.description?.basic];
  const elements = Array.isArray(doc.content_elements) ? doc.content_elements : [];
  for (const element of elements) {
    if (isObject(element) && (element.type === "text" || element.type === "header") && typeof element.content === "string") {
      parts.push(stripHtml(element.content));
    }
  }
  return parts
    .filter((part): part is string => typeof part === "string")
    .join(" \n")
    .slice(0, MAX_SEARCH_TEXT);
}

/**
 * Columns of a document for the store. Throws DocumentError with the reason when the document
 * cannot be stored (no _id, no type, not a document type, no brand).
 */
export function toDocumentRow(doc: unknown): DocumentRow {
  if (!isObject(doc)) throw new DocumentError("no es un objeto JSON");
  const id = text(doc._id);
  if (!id) throw new DocumentError("falta _id");
  const type = text(doc.type);
  if (!type) throw new DocumentError(`falta type (documento ${id})`);
  if (!(DOCUMENT_TYPES as readonly string[]).includes(type)) {
    throw new DocumentError(`type «${type}» no es un tipo de documento (${DOCUMENT_TYPES.join(", ")})`);
  }
  const brand = text(doc.canonical_website);
  if (!brand) throw new DocumentError(`falta canonical_website (la marca) en el documento ${id}`);
  checkContentUrls(doc, id);

  const taxonomy = isObject(doc.taxonomy) ? doc.taxonomy : {};
  const primarySection = sectionIdOf(taxonomy.primary_section);
  const sectionIds = new Set<string>();
  if (Array.isArray(taxonomy.sections)) {
    for (const section of taxonomy.sections) {
      const sectionId = sectionIdOf(section);
      if (sectionId) sectionIds.add(sectionId);
    }
  }
  if (primarySection) sectionIds.add(primarySection);

  const tagSlugs = new Set<string>();
  if (Array.isArray(taxonomy.tags)) {
    for (const tag of taxonomy.tags) {
      const slug = isObject(tag) ? (text(tag.slug) ?? text(tag._id)) : null;
      if (slug) tagSlugs.add(slug);
    }
  }

  // Author pages ask by id or by the slug of the id, so both are indexed.
  const authorIds = new Set<string>();
  const by = isObject(doc.credits) && Array.isArray(doc.credits.by) ? doc.credits.by : [];
  for (const author of by) {
    if (!isObject(author)) continue;
    const authorId = text(author._id);
    if (authorId) {
      authorIds.add(authorId);
      authorIds.add(authorSlug(authorId));
    }
    const slug = text(author.slug);
    if (slug) authorIds.add(slug);
  }

  const promoUrl = doc.promo_items?.basic?.url;
  return {
    _id: id,
    type,
    subtype: text(doc.subtype),
    brand,
    section_ids: [...sectionIds],
    primary_section: primarySection,
    tag_slugs: [...tagSlugs],
    author_ids: [...authorIds],
    publish_date: isoDate(doc.publish_date) ?? isoDate(doc.first_publish_date) ?? isoDate(doc.display_date),
    display_date: isoDate(doc.display_date) ?? isoDate(doc.publish_date),
    canonical_url: text(doc.canonical_url),
    content_code: text(doc.content_restrictions?.content_code),
    has_promo_image: typeof promoUrl === "string" && promoUrl.trim() !== "",
    source_system: text(doc.source?.system),
    youtube_id: text(doc.youtube_content_id),
    search_text: searchText(doc),
    document: doc,
  };
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

/**
 * The URLs of a document that become links or redirects must be paths or http(s) URLs: a
 * "javascript:" canonical_url would be a stored XSS in every card that links to the document
 * (docs/decisions/0012-threat-model.md). Pages check URLs again when they render.
 */
function checkContentUrls(doc: Record<string, any>, id: string) {
  const canonical = doc.canonical_url;
  if (canonical !== undefined && canonical !== null && canonical !== "" && !safeHref(canonical)) {
    throw new DocumentError(`canonical_url no es una ruta ni una dirección http(s) en el documento ${id}: ${JSON.stringify(String(canonical).slice(0, 120))}`);
  }
  const redirects = Array.isArray(doc.related_content?.redirect) ? doc.related_content.redirect : [];
  for (const redirect of redirects) {
    const target = isObject(redirect) ? redirect.redirect_url : undefined;
    if (target !== undefined && !safeHref(target)) {
      throw new DocumentError(
        `related_content.redirect apunta a una dirección no permitida en el documento ${id}: ${JSON.stringify(String(target).slice(0, 120))}`,
      );
    }
  }
}
