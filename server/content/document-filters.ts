// What a listing asks the content store for (criteria on the indexed columns, a page, a sort) and
// the SQL each becomes: WHERE clauses with numbered parameters, and the ORDER BY of a sort.
import { normalizeSectionId } from "../../domain/sections";
import { textMatch } from "./searchable-text";

/** Criteria on the indexed columns; every list is "any of". */
export interface DocumentMatch {
  ids?: string[];
  types?: string[];
  subtypes?: string[];
  /** Any of taxonomy.sections (ids normalised with a leading slash). */
  sections?: string[];
  /** taxonomy.primary_section._id */
  primarySections?: string[];
  tags?: string[];
  /** credits.by[]._id or the slug of an author. */
  authors?: string[];
  sourceSystems?: string[];
  youtubeIds?: string[];
}

/** Bounds of a date range; ISO strings. */
export interface DateRange {
  gte?: string;
  gt?: string;
  lte?: string;
  lt?: string;
}

export interface DocumentFilter extends DocumentMatch {
  brand: string;
  /** Documents matching any of these criteria are left out. */
  exclude?: DocumentMatch;
  /** Words searched in headline, subheadline and body, in Spanish, ignoring accents. */
  text?: string;
  publishDate?: DateRange;
  displayDate?: DateRange;
  /** true: only documents with promo_items.basic.url. */
  hasPromoImage?: boolean;
}

export type SortOrder = "publish_date:desc" | "publish_date:asc" | "display_date:desc" | "display_date:asc";

export interface Page {
  size: number;
  offset: number;
  sort?: SortOrder;
}

/** Builds WHERE clauses with numbered parameters. */
export class Conditions {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(clause: string) {
    this.clauses.push(clause);
  }
  get where(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(" AND ")}` : "";
  }
}

/** One SQL predicate per criterion of a DocumentMatch. */
function matchPredicates(match: DocumentMatch, c: Conditions): string[] {
  const out: string[] = [];
  const any = (column: string, values?: string[]) => {
    if (values?.length) out.push(`${column} = ANY(${c.param(values)}::text[])`);
  };
  const overlaps = (column: string, values?: string[]) => {
    if (values?.length) out.push(`${column} && ${c.param(values)}::text[]`);
  };
  any("_id", match.ids);
  any("type", match.types);
  any("subtype", match.subtypes);
  overlaps("section_ids", sectionIdList(match.sections));
  any("primary_section", sectionIdList(match.primarySections));
  overlaps("tag_slugs", match.tags);
  overlaps("author_ids", match.authors);
  any("source_system", match.sourceSystems);
  any("youtube_id", match.youtubeIds);
  return out;
}

export function rangePredicates(column: string, range: DateRange | undefined, c: Conditions) {
  if (!range) return;
  const ops: Array<[keyof DateRange, string]> = [
    ["gte", ">="],
    ["gt", ">"],
    ["lte", "<="],
    ["lt", "<"],
  ];
  for (const [key, op] of ops) {
    if (range[key]) c.add(`${column} ${op} ${c.param(range[key])}::timestamptz`);
  }
}

export function filterConditions(filter: DocumentFilter): Conditions {
  const c = new Conditions();
  c.add(`brand = ${c.param(filter.brand)}`);
  for (const predicate of matchPredicates(filter, c)) c.add(predicate);
  if (filter.exclude) {
    // IS NOT TRUE: a NULL column (no primary section) must not exclude the row.
    for (const predicate of matchPredicates(filter.exclude, c)) c.add(`(${predicate}) IS NOT TRUE`);
  }
  if (filter.text?.trim()) c.add(textMatch(c, `websearch_to_tsquery('es_unaccent', ${c.param(filter.text)})`));
  rangePredicates("publish_date", filter.publishDate, c);
  rangePredicates("display_date", filter.displayDate, c);
  if (filter.hasPromoImage !== undefined) c.add(`has_promo_image = ${c.param(filter.hasPromoImage)}`);
  return c;
}

/** ORDER BY of a sort, on columns of the given table alias; _id breaks ties so pages never overlap. */
export function orderBy(sort: SortOrder, alias: string): string {
  const [column, direction] = sort.split(":") as ["publish_date" | "display_date", "asc" | "desc"];
  const dir = direction === "asc" ? "ASC" : "DESC";
  return `${alias}.${column} ${dir} NULLS LAST, ${alias}._id ${dir}`;
}

/** Section ids as the store keeps them; blank ones name no section and are left out. */
function sectionIdList(values: string[] | undefined): string[] | undefined {
  return values?.map(normalizeSectionId).filter((id): id is string => !!id);
}
