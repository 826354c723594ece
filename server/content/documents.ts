// What the content store knows about an ANS document beyond its JSON: the indexed columns, the
// rules that say what is a document at all, and the defaults an imported document gets.
import { createHash } from "node:crypto";
import { FRAME_HOSTS, GROUP_HOSTS } from "../../brands";
import { normalizeSectionId } from "../../domain/sections";
import { authorSlug } from "../../domain/slugs";
import { quoteInput } from "../../domain/text";
import { contentPath, isAllowedEmbed, safeHref, safeRedirectTarget, safeSrc } from "../../domain/urls";

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
 * The URLs that make a document what it is — its address and where it redirects — must be safe, or
 * the document is refused with the field named: a "javascript:" canonical_url would be a stored XSS
 * in every card that links to it, a redirect off the group's sites an open redirect
 * (docs/decisions/0012-threat-model.md). Pages check URLs again when they render.
 */
function checkContentUrls(doc: Record<string, any>, id: string) {
  const canonical = doc.canonical_url;
  if (canonical !== undefined && canonical !== null && canonical !== "" && !safeHref(canonical)) {
    throw new DocumentError(`canonical_url no es una ruta ni una dirección http(s) en el documento ${id}: ${quoteInput(String(canonical), 120)}`);
  }
  const redirects = Array.isArray(doc.related_content?.redirect) ? doc.related_content.redirect : [];
  redirects.forEach((redirect: unknown, index: number) => {
    const target = isObject(redirect) ? redirect.redirect_url : undefined;
    if (target !== undefined && !safeHref(target)) {
      throw new DocumentError(
        `related_content.redirect[${index}].redirect_url no es una ruta ni una dirección http(s) en el documento ${id}: ${quoteInput(String(target), 120)}`,
      );
    }
  });
}

/** The src of every iframe of an HTML fragment (entities are not decoded: the sanitiser reads them again on render). */
function iframeSources(html: string): string[] {
  return [...html.matchAll(/<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)].map((m) => (m[1] ?? m[2] ?? m[3]).trim());
}

export interface NeutralizedDocument {
  document: Record<string, any>;
  /** One line per thing taken out or refused: where it was (an ANS path), what it held, and what was done. */
  notes: string[];
}

/**
 * A document's other URLs — promo and lead images, images and galleries of the body, link lists and
 * interstitial links, raw HTML and oEmbed frames — are checked on import by the rules pages apply
 * when they render (domain/urls.ts; frames only from the embed hosts and the group's sites). One bad
 * link must not lose the document: the element (or the image, or the link) is taken out and said,
 * and the rest is imported. A redirect to a web address off the group's sites is said and kept
 * (pages answer 404 for it). Inline links in paragraphs are left to the sanitiser, which drops unsafe
 * ones on render. Returns a copy; `document` is the input itself when nothing was taken out.
 */
export function neutralizeContentUrls(doc: Record<string, any>): NeutralizedDocument {
  const notes: string[] = [];
  let removed = false;
  const say = (where: string, value: unknown, what: string, kept = false) => {
    notes.push(`${where}: ${quoteInput(String(value), 120)} ${what}`);
    removed ||= !kept;
  };
  const webSrc = (value: unknown) => value === undefined || value === null || value === "" || !!safeSrc(value);
  const webHref = (value: unknown) => value === undefined || value === null || value === "" || !!safeHref(value);

  /** An image (an element, a promo item, a gallery photo): undefined when its url is not usable. */
  const image = (value: unknown, where: string): unknown => {
    if (!isObject(value) || webSrc(value.url)) return value;
    say(`${where}.url`, value.url, "no es una ruta ni una dirección http(s): se quitó la imagen");
    return undefined;
  };
  const images = (list: unknown, where: string): unknown =>
    Array.isArray(list) ? list.map((item, i) => image(item, `${where}[${i}]`)).filter((item) => item !== undefined) : list;
  /** A link (link list item, interstitial link): undefined when its url is not usable; a bad thumb is dropped. */
  const link = (value: unknown, where: string): unknown => {
    if (!isObject(value)) return value;
    if (!webHref(value.url)) {
      say(`${where}.url`, value.url, "no es una ruta ni una dirección http(s): se quitó el enlace");
      return undefined;
    }
    let out = value;
    const thumb = typeof value.thumbImage === "string" ? value.thumbImage : value.thumbImage?.url;
    if (!webSrc(thumb)) {
      say(`${where}.thumbImage`, thumb, "no es una ruta ni una dirección http(s): se quitó la miniatura");
      const { thumbImage: _thumb, ...rest } = out;
      out = rest;
    }
    if (isObject(value.image) && !webSrc(value.image.url)) {
      say(`${where}.image.url`, value.image.url, "no es una ruta ni una dirección http(s): se quitó la miniatura");
      const { image: _image, ...rest } = out;
      out = rest;
    }
    return out;
  };
  /** A frame of raw HTML or an oEmbed: false when any iframe comes from a host frames may not come from. */
  const framesAllowed = (html: unknown, where: string): boolean => {
    if (typeof html !== "string") return true;
    const bad = iframeSources(html).find((src) => !isAllowedEmbed(src, FRAME_HOSTS));
    if (bad === undefined) return true;
    say(where, bad, "es un iframe de un sitio que no está permitido: se quitó el elemento");
    return false;
  };

  const element = (value: unknown, where: string): unknown => {
    if (!isObject(value)) return value;
    switch (value.type) {
      case "image":
        return image(value, where);
      case "gallery":
      case "quote":
        return Array.isArray(value.content_elements) ? { ...value, content_elements: elements(value.content_elements, `${where}.content_elements`) } : value;
      case "link_list":
        return Array.isArray(value.items)
          ? { ...value, items: value.items.map((item, i) => link(item, `${where}.items[${i}]`)).filter((item) => item !== undefined) }
          : value;
      case "interstitial_link":
        return link(value, where);
      case "raw_html":
        return framesAllowed(value.content, `${where}.content`) ? value : undefined;
      case "oembed_response": {
        const raw = isObject(value.raw_oembed) ? value.raw_oembed : {};
        if (!webHref(raw.url)) {
          say(`${where}.raw_oembed.url`, raw.url, "no es una dirección http(s): se quitó el elemento");
          return undefined;
        }
        return framesAllowed(raw.html, `${where}.raw_oembed.html`) ? value : undefined;
      }
      default:
        return value;
    }
  };
  const elements = (list: unknown[], where: string) => list.map((item, i) => element(item, `${where}[${i}]`)).filter((item) => item !== undefined);

  const out: Record<string, any> = { ...doc };
  if (Array.isArray(doc.content_elements)) out.content_elements = elements(doc.content_elements, "content_elements");
  if (isObject(doc.promo_items)) {
    const promo: Record<string, any> = { ...doc.promo_items };
    for (const key of ["basic", "lead_art"]) {
      if (!isObject(promo[key])) continue;
      if (image(promo[key], `promo_items.${key}`) === undefined) delete promo[key];
      else if (isObject(promo[key].promo_image) && image(promo[key].promo_image, `promo_items.${key}.promo_image`) === undefined) {
        const { promo_image: _image, ...rest } = promo[key];
        promo[key] = rest;
      }
    }
    if (isObject(promo.gallery) && Array.isArray(promo.gallery.content_elements)) {
      promo.gallery = { ...promo.gallery, content_elements: images(promo.gallery.content_elements, "promo_items.gallery.content_elements") };
    }
    out.promo_items = promo;
  }
  // A redirect off the group's sites stays stored (the document is not lost) but pages refuse it.
  const redirects = Array.isArray(doc.related_content?.redirect) ? doc.related_content.redirect : [];
  redirects.forEach((redirect: unknown, index: number) => {
    const target = isObject(redirect) ? redirect.redirect_url : undefined;
    if (target !== undefined && safeHref(target) && !safeRedirectTarget(target, GROUP_HOSTS)) {
      say(`related_content.redirect[${index}].redirect_url`, target, "no es de los sitios del grupo: su dirección responde 404 en vez de redirigir", true);
    }
  });
  return { document: removed ? out : doc, notes };
}
