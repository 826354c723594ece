// Layout rules choose an article's template from its sections (docs/article-pages.md#layouts). They are data
// (page-definitions/layout-rules.json) that editors can read; the first rule that matches wins.
import { z } from "zod";

const condition = z.strictObject({
  /** Any of the document's sections (taxonomy.sections[]._id) equals one of these. */
  section: z.array(z.string()).optional(),
  /** The primary section equals one of these. */
  primarySection: z.array(z.string()).optional(),
  /** The primary section's path contains one of these. */
  primarySectionContains: z.array(z.string()).optional(),
  /** ...unless it contains one of these. */
  unlessPrimarySectionContains: z.array(z.string()).optional(),
});

export const layoutRulesSchema = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  rules: z.array(
    z.strictObject({
      template: z.string().min(1),
      description: z.string().optional(),
      /** The rule matches when any of these conditions holds (each condition: all of its parts). */
      when: z.array(condition).min(1),
    }),
  ),
  /** Template when no rule matches. */
  default: z.string().min(1),
});

export type LayoutRules = z.infer<typeof layoutRulesSchema>;
type Condition = z.infer<typeof condition>;

interface SectionedDocument {
  taxonomy?: { sections?: Array<{ _id?: string }>; primary_section?: { _id?: string; path?: string } };
}

const trimSlash = (s: string) => s.replace(/\/+$/, "");

/** Paths compared with a trailing slash, so "/caricaturas/galeria/" matches the section "/caricaturas/galeria". */
function withSlash(path: string | undefined): string {
  return path ? trimSlash(path) + "/" : "";
}

function matches(c: Condition, doc: SectionedDocument): boolean {
  const sections = (doc.taxonomy?.sections ?? []).map((s) => trimSlash(s?._id ?? ""));
  const primary = doc.taxonomy?.primary_section;
  const primaryPath = withSlash(primary?.path ?? primary?._id);
  const checks: boolean[] = [];
  if (c.section) checks.push(c.section.some((s) => sections.includes(trimSlash(s))));
  if (c.primarySection) checks.push(c.primarySection.some((s) => withSlash(s) === primaryPath));
  if (c.primarySectionContains) checks.push(c.primarySectionContains.some((s) => primaryPath.includes(s)));
  if (c.unlessPrimarySectionContains) checks.push(!c.unlessPrimarySectionContains.some((s) => primaryPath.includes(s)));
  return checks.length > 0 && checks.every(Boolean);
}

export function chooseTemplate(rules: LayoutRules, doc: SectionedDocument): string {
  return rules.rules.find((rule) => rule.when.some((c) => matches(c, doc)))?.template ?? rules.default;
}
