// ANS (Arc Native Specification) as the blocks read it. Content is parsed leniently at the source
// boundary: unknown fields pass through, optional fields may be missing, and a document that is
// not even an object with an _id and a type drops out with a log line instead of breaking a page.
import { z } from "zod";

const str = z.string().optional().catch(undefined);

export const ansImageSchema = z.looseObject({
  _id: str,
  type: str,
  url: str,
  width: z.number().optional().catch(undefined),
  height: z.number().optional().catch(undefined),
  caption: str,
  subtitle: str,
  alt_text: str,
  credits: z.any().optional(),
});

export const ansCreditSchema = z.looseObject({
  _id: str,
  name: str,
  byline: str,
  description: str,
  image: z.any().optional(),
  social_links: z.array(z.looseObject({ site: str, url: str })).optional().catch(undefined),
});

export const ansSectionSchema = z.looseObject({
  _id: str,
  name: str,
  path: str,
  _website: str,
});

export const ansDocumentSchema = z.looseObject({
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
      affiliation: z.array(z.looseObject({ name: str })).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  taxonomy: z
    .looseObject({
      sections: z.array(ansSectionSchema).optional().catch(undefined),
      primary_section: ansSectionSchema.optional().catch(undefined),
      tags: z.array(z.looseObject({ _id: str, text: str, slug: str })).optional().catch(undefined),
    })
    .optional()
    .catch(undefined),
  content_restrictions: z.looseObject({ content_code: str }).optional().catch(undefined),
  promo_items: z.any().optional(),
  content_elements: z.array(z.any()).optional().catch(undefined),
  related_content: z.any().optional(),
});

export type AnsImage = z.infer<typeof ansImageSchema>;
export type AnsCredit = z.infer<typeof ansCreditSchema>;
export type AnsSection = z.infer<typeof ansSectionSchema>;
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
