// What a block setting names, said by its schema (docs/decisions/0075-settings-name-what-they-refer-to.md):
// "refersTo": "section" on a setting whose value is a section's path; on a map or a list of values,
// what each value names. The page validator registers the keyword (strict schemas refuse unknown
// ones); the editor's settings form offers a picker of that kind and the editor's lookup searches it.
import type { FuncKeywordDefinition } from "ajv";

/** The kinds of things a setting can name. */
export const REFERENCE_KINDS = ["section", "collection", "tag", "author", "gallery", "navigation", "source"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

/** The keyword as ajv takes it (ajv.addKeyword): an annotation, never a check of the value. */
export const REFERS_TO_KEYWORD: FuncKeywordDefinition = {
  keyword: "refersTo",
  schemaType: "string",
  metaSchema: { enum: [...REFERENCE_KINDS] },
};
