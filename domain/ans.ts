// ANS (Arc Native Specification) as the product reads it. Content is parsed leniently at the source
// boundary: unknown fields pass through, optional fields may be missing, and a document that is
// not even an object with an _id and a type drops out with a log line instead of breaking a page.
// Below the schemas, the defensive readers the rest of the code uses on a parsed document.
import { z } from "zod";
import { inSectionTree, normalizeSectionId } from "./sections";

const str = z.string().optional().catch(undefined);

const ansCreditSchema = z.looseObject({
  _id: str,
  name: str,
  byline: str,
  description: str,
  image: z.any().optional(),
  social_links: z
    .array(z.looseObject({ site: str, url: str }))
    .optional()
    .catch(undefined),
});

const ansSectionSchema = z.looseObject({
  _id: str,
  name: str,
  path: str,
  _website: str,
});

const ansDocumentSchema = z.looseObject({
  _id: z.string().min(1),
  type: z.string().min(1),
  subtype: str,
  version: str,
  canonical_url: str,
  canonical_website: str,
  headlines: z.looseObject({ basic: str }).optional().catch(undefined),
  subheadlines: z.looseObject({ basic: str }).optional().catch(undefined),
  description: z.looseObject({ basic: str }).optional().catch(undefined),
  display_date: str,
  publish_date: str,
  first_publish_date: str,
  created_date: str,
  last_updated_date: str,
  copyright: str,
  credits: z
    .looseObject({
      by: z.array(ansCreditSchema).optional().catch(undefined),
      affiliation: z
        .array(z.looseObject({ name: str }))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  taxonomy: z
    .looseObject({
      sections: z.array(ansSectionSchema).optional().catch(undefined),
      primary_section: ansSectionSchema.optional().catch(undefined),
      tags: z
        .array(z.looseObject({ _id: str, text: str, slug: str }))
        .optional()
        .catch(undefined),
    })
    .optional()
    .catch(undefined),
  content_restrictions: z.looseObject({ content_code: str }).optional().catch(undefined),
  promo_items: z.any().optional(),
  content_elements: z.array(z.any()).optional().catch(undefined),
  related_content: z.any().optional(),
});

export type AnsDocument = z.infer<typeof ansDocumentSchema>;

/** A content element of a story body. Renderers check `type` and read fields defensively. */
export interface AnsElement {
  _id?: string;
  type: string;
  [field: string]: any;
}

/** A list answer in the Content API's shape. */
export interface AnsFeed<T = AnsDocument> {
  type: "results";
  content_elements: T[];
  count: number;
  next?: number;
  previous?: number;
}

/** Parses a document leniently: undefined (and the reason) when it is unusable. */
export function parseAnsDocument(input: unknown): { document?: AnsDocument; error?: string } {
  const parsed = ansDocumentSchema.safeParse(input);
  if (parsed.success) return { document: parsed.data };
  const issue = parsed.error.issues[0];
  return { error: `${issue.path.join(".") || "(documento)"}: ${issue.message}` };
}

// ---- Readers: every field read defensively (content comes from the seed, imports and Arc tenants) ----

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/**
 * A document as the readers below take it: any object, each field read defensively, because a
 * field may hold anything (imports and Arc tenants do not always follow the schema).
 */
export type DocumentLike = Record<string, any>;

/** A document as an object to read from, or undefined when it is not one. */
export function asDocument(value: unknown): DocumentLike | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as DocumentLike) : undefined;
}

export interface SectionRef {
  id: string;
  name?: string;
}

function sectionRef(value: any): SectionRef | undefined {
  const id = normalizeSectionId(text(value?._id) ?? text(value?.path));
  return id ? { id, name: text(value?.name) } : undefined;
}

/** The primary section (taxonomy.primary_section, else the first listed section). */
export function primarySection(document: DocumentLike): SectionRef | undefined {
  const taxonomy = document.taxonomy;
  const sections = Array.isArray(taxonomy?.sections) ? taxonomy.sections : [];
  return sectionRef(taxonomy?.primary_section) ?? sections.map(sectionRef).find(Boolean);
}

/** Every section id of the document, primary included (its _id and its path), normalised. */
export function sectionIds(document: DocumentLike): string[] {
  const taxonomy = document.taxonomy;
  const listed = Array.isArray(taxonomy?.sections) ? taxonomy.sections.map(sectionRef) : [];
  const primary = taxonomy?.primary_section;
  const ids = [...listed, sectionRef(primary)].filter((s): s is SectionRef => Boolean(s)).map((s) => s.id);
  const primaryPath = normalizeSectionId(text(primary?.path));
  if (primaryPath) ids.push(primaryPath);
  return [...new Set(ids)];
}

/** True when the document is in `section` or one of its subsections. */
export function inSection(document: DocumentLike, section: string): boolean {
  return sectionIds(document).some((id) => inSectionTree(id, section));
}

/** The owner flag 'sponsored' (owner.sponsored === true): sponsored content shows no bottom-anchor ads (docs/ads-and-widgets.md#sponsored). */
export function isSponsored(document: unknown): boolean {
  return asDocument(asDocument(document)?.owner)?.sponsored === true;
}

/** An answer with nothing to show: nothing, an empty list, or a list answer without content_elements. */
export function ansAnswerHasNoItems(answer: unknown): boolean {
  if (answer === null || answer === undefined) return true;
  if (Array.isArray(answer)) return answer.length === 0;
  const items = (answer as { content_elements?: unknown }).content_elements;
  return typeof answer === "object" && Array.isArray(items) && items.length === 0;
}

/**
 * An article as a template page's blocks read it, for checking their queries before any article
 * exists (the page validator's sample context).
 */
export const SAMPLE_ARTICLE = {
  _id: "EJEMPLO",
  type: "story",
  canonical_url: "/nacion/articulo/ejemplo/202601/",
  headlines: { basic: "Ejemplo" },
  taxonomy: { primary_section: { _id: "/nacion", name: "Nación", path: "/nacion" }, sections: [{ _id: "/nacion", name: "Nación" }], tags: [] },
  credits: { by: [] },
  content_elements: [],
};
