// A document's row in the content store: the checks that refuse what cannot be stored, and the
// indexed columns (sections, tags, authors, dates, search text) the document is found by.
import { normalizeSectionId } from "../../domain/sections";
import { authorSlug } from "../../domain/slugs";
import { contentPath } from "../../domain/urls";
import { DOCUMENT_TYPES, DocumentError, isObject, text } from "./documents";
import { checkContentUrls, neutralizeContentUrls } from "./document-urls";

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

/** The id of a taxonomy section, whether it is inline ({_id}) or an ANS reference ({referent: {id}}). */
function sectionIdOf(section: unknown): string | null {
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
export function toDocumentRow(input: unknown): DocumentRow {
  if (!isObject(input)) throw new DocumentError("no es un objeto JSON");
  let doc = input;
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
  // What is stored and served: the document without the body elements and images whose URLs no rule allows.
  doc = neutralizeContentUrls(doc).document;

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
    // The path the document is served at: another newsroom's absolute URL is served at its path.
    canonical_url: contentPath(doc.canonical_url) ?? null,
    content_code: text(doc.content_restrictions?.content_code),
    has_promo_image: typeof promoUrl === "string" && promoUrl.trim() !== "",
    source_system: text(doc.source?.system),
    youtube_id: text(doc.youtube_content_id),
    search_text: searchText(doc),
    document: doc,
  };
}
