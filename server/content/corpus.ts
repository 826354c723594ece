// What the seed generator produces and the content store loads. ANS documents carry their brand in
// `canonical_website` (a BrandId) and their sections in taxonomy.sections[]._id / primary_section.
import type { BrandId } from "../../domain/brands";

/** An author record (authors-api answers these; credits.by[] of stories reference them by _id). */
export interface AuthorRecord {
  _id: string;
  brand: BrandId;
  byline: string;
  /** /images/... photo */
  image?: string;
  description?: string;
  /** e.g. "Columnista", "Periodista" */
  role?: string;
  social_links?: Array<{ site: "twitter" | "facebook" | "linkedin" | "whatsapp" | "instagram"; url: string }>;
  /** Slug used in /autor/{slug}/ and /opinion/{slug}/ */
  slug: string;
}

/** A section as section-api / section source answer it. */
export interface SectionRecord {
  _id: string;
  brand: BrandId;
  name: string;
  site?: { site_title?: string; site_description?: string };
  site_topper?: { site_logo_image?: string };
  parent?: string;
}

/** A navigation tree (navigation-api / navigation source), e.g. "navSemanaTv", "SemanaTrendyBar". */
export interface NavigationNode {
  _id: string;
  display_name?: string;
  url?: string;
  site?: { site_title?: string };
  /** Show entries of the video channel carry icons. */
  regularIcon?: string;
  hoverIcon?: string;
  children?: NavigationNode[];
}

export interface NavigationRecord {
  brand: BrandId;
  /** The queryString that selects it, e.g. "navSemanaTv". */
  id: string;
  tree: NavigationNode;
}

/** A curated collection (content-api-collections): an ANS collection whose items are document ids. */
export interface CollectionRecord {
  _id: string;
  brand: BrandId;
  headlines: { basic: string };
  /** Ordered ids of the documents it holds. */
  items: string[];
}

export interface SeedCorpus {
  /** Stories, galleries and videos (ANS, with _id, type, canonical_website, canonical_url...). */
  documents: any[];
  authors: AuthorRecord[];
  sections: SectionRecord[];
  navigation: NavigationRecord[];
  collections: CollectionRecord[];
  /** Read counter for most-read lists. */
  reads: Array<{ documentId: string; count: number }>;
}
