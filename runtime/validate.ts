// Page validation on a parsed page definition, wherever it came from: the combined JSON Schema (ajv:
// allErrors, useDefaults, strict; compiled once; its errors worded in ./schema-findings.ts) and the
// checks a schema cannot make — block ids unique in a page, regions known to the layout, content
// sources known and each query valid for its source (./page-semantics.ts), the blocks inherited from
// the layout's files (./inherited-blocks.ts), routes and templates unique in a brand (pageClashes).
// Each finding names its JSON pointer and value;
// tooling/page-files.ts turns them into file:line:column for the files editors write.
import Ajv, { type ErrorObject } from "ajv";
import addFormats from "ajv-formats";
import type { Finding, Report } from "./findings";
import { checkInheritance, completedEntries, inheritedById, withInheritedBlocks, type InheritedRegions } from "./inherited-blocks";
import { checkPageSemantics, checkRedirect, forEachBlock, type RedirectTargetCheck, type Samples } from "./page-semantics";
import type { Registry } from "./registry";
import { REFERS_TO_KEYWORD } from "./setting-references";
import { describeAjvError, relevantErrors } from "./schema-findings";
import { HTML_OUTPUT, type JsonSchema, type PageDefinition } from "./types";

export interface PageCheckerOptions {
  /** The brand a page without a valid brand is checked as (sample contexts for queries). */
  defaultBrand: string;
  /** The page schema with registered names (buildPageSchema). */
  pageSchema: JsonSchema;
  /** Block type → settings schema with common settings inlined (buildSettingsSchemas). */
  settingsSchemas: Record<string, JsonSchema>;
  registry: Registry;
  /** Where a redirect page may send readers; without it every URL is accepted. */
  isRedirectTarget?: RedirectTargetCheck;
  /**
   * The article a template page's blocks are checked against (they read the current article), and
   * its path. The runtime knows no content format: the server gives one of its own.
   */
  templateSample?: { article: unknown; path: string };
}

/**
 * The blocks a page of a brand and layout inherits from the layout's files (docs/decisions/0074-layouts-own-the-shared-blocks.md):
 * undefined when none; null when those files have problems of their own (the checks that need them wait).
 */
export type Inheritance = (brand: string, layout: string) => InheritedRegions | null | undefined;

export interface PageChecker {
  /**
   * One page's findings, and when it has none the page as it is served: its defaults applied, and the
   * blocks it inherits (`inheritance`) in its regions.
   */
  check(page: unknown, inheritance?: Inheritance): { page?: PageDefinition; findings: Finding[] };
}

export function createPageChecker({ pageSchema, settingsSchemas, registry, defaultBrand, isRedirectTarget, templateSample }: PageCheckerOptions): PageChecker {
  // Compiled once: the page, then each block type's settings (which also fills in their defaults).
  const ajv = new Ajv({ allErrors: true, useDefaults: true, strict: true, verbose: true });
  addFormats(ajv);
  ajv.addKeyword(REFERS_TO_KEYWORD);
  const validatePage = ajv.compile(pageSchema);
  const validateSettings = new Map(Object.entries(settingsSchemas).map(([type, schema]) => [type, ajv.compile(schema)]));
  const blockTypes = [...registry.blocks.keys()].sort();
  const samples: Samples = { defaultBrand, templateSample };

  function check(page: any, inheritance?: Inheritance): { page?: PageDefinition; findings: Finding[] } {
    const findings: Finding[] = [];
    const report: Report = (pointer, message, value, atKey = false) => {
      findings.push({ pointer, message, ...(value !== undefined ? { value } : {}), ...(atKey ? { atKey } : {}) });
    };
    const reportAjv = (errors: ErrorObject[] | null | undefined, prefix = "") => {
      for (const error of relevantErrors(errors ?? [])) {
        const { pointer, message, value, atKey } = describeAjvError(error, page, blockTypes);
        report(prefix + pointer, message, value, atKey);
      }
    };
    if (!validatePage(page)) reportAjv(validatePage.errors);
    if (!page || typeof page !== "object" || Array.isArray(page)) return { findings };
    const inherited = inheritedBy(page, inheritance);
    checkInheritance(page, inherited, report);
    // A block without settings has none, and its schema's defaults fill them; one with an inherited
    // block's id takes that block's.
    const inheritedIds = inherited ? inheritedById(inherited) : new Map();
    forEachBlock(page, (block) => {
      if (block.settings === undefined && inherited !== null && !inheritedIds.has(block.id)) block.settings = {};
    });
    // Blocks that take the place of inherited ones are checked with what they take from them.
    const checked = inherited ? completedEntries(page, inherited) : page;
    forEachBlock(checked, (block, pointer) => {
      const validate = validateSettings.get(block.type);
      if (validate && block.settings && typeof block.settings === "object" && !validate(block.settings)) {
        reportAjv(validate.errors, `${pointer}/settings`);
      }
    });
    checkPageSemantics(checked, registry, report, findings, samples);
    if (page.redirect !== undefined) checkRedirect(page, report, isRedirectTarget);
    if (findings.length || inherited === null) return { findings };
    // A redirect page has no blocks: it is given its empty regions, as every page has some.
    page.regions ??= {};
    if (inherited) page.regions = withInheritedBlocks(inherited, page.regions, page.hide, registry.layouts.get(page.layout)?.regions);
    return { page: page as PageDefinition, findings };
  }

  return { check };
}

/** What an HTML page with a layout inherits; redirect and output pages inherit nothing. */
function inheritedBy(page: any, inheritance: Inheritance | undefined): InheritedRegions | null | undefined {
  const html = (page.outputType ?? HTML_OUTPUT) === HTML_OUTPUT && page.redirect === undefined;
  if (!inheritance || !html || typeof page.brand !== "string" || typeof page.layout !== "string") return undefined;
  return inheritance(page.brand, page.layout);
}

/**
 * The checks across the pages of a site: page ids unique, and routes (by shape) and templates unique
 * within a brand. Each clash is reported on the later page, naming the earlier one.
 */
export function pageClashes<P extends { name: string; page: unknown }>(pages: P[]): Array<{ of: P; finding: Finding }> {
  const clashes: Array<{ of: P; finding: Finding }> = [];
  const seen = new Map<string, string>();
  for (const entry of pages) {
    const page = entry.page as any;
    if (!page || typeof page !== "object") continue;
    const clash = (key: string, pointer: string, message: (other: string) => string, value: unknown) => {
      const other = seen.get(key);
      if (other) clashes.push({ of: entry, finding: { pointer, message: message(other), value } });
      else seen.set(key, entry.name);
    };
    if (typeof page.id === "string") clash(`id:${page.id}`, "/id", (o) => `id de página repetido: ya lo usa ${o}`, page.id);
    if (typeof page.route === "string") {
      clash(`route:${page.brand}:${routeShape(page.route)}`, "/route", (o) => `la ruta choca con la de ${o} (misma marca «${page.brand}»)`, page.route);
    }
    if (typeof page.template === "string") {
      clash(`template:${page.brand}:${page.template}`, "/template", (o) => `plantilla repetida en la marca «${page.brand}»: ya la define ${o}`, page.template);
    }
  }
  return clashes;
}

export function routeShape(route: string): string {
  return route.replace(/:[a-zA-Z]+/g, ":");
}
