// Page definition files: the runtime's checks (runtime/validate.ts) on the JSON an editor wrote, with
// what only a file has — its syntax, its schema version, and the line and column of each problem —
// and the layouts' files whose blocks the pages inherit (docs/decisions/0074-layouts-own-the-shared-blocks.md).
import { z } from "zod";
import { joinPointer } from "../runtime/json-pointer";
import type { Finding } from "../runtime/findings";
import type { InheritedRegions } from "../runtime/inherited-blocks";
import { createPageChecker, pageClashes, type Inheritance, type PageCheckerOptions } from "../runtime/validate";
import type { PageDefinition } from "../runtime/types";
import { JsonDocument } from "./json-position";
import type { BlockMigrations } from "../runtime/define";
import { settingsMigrationChanges, versionOf } from "./migrate";

export interface Problem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
  value?: unknown;
}

/** Offending values are quoted up to this many characters: enough to recognise, not a 6 KB line. */
const QUOTED_VALUE_LENGTH = 120;

/** One line per problem: `file:line:column  /pointer  message  (value)`. */
export function formatProblem(p: Problem): string {
  return `${p.file}:${p.line}:${p.column}  ${p.pointer || "/"}  ${p.message}${p.value === undefined ? "" : `  (${quoted(p.value)})`}`;
}

function quoted(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= QUOTED_VALUE_LENGTH ? text : `${text.slice(0, QUOTED_VALUE_LENGTH)}… (${text.length} caracteres)`;
}

export interface CheckedPage {
  file: string;
  /** As it is served: defaults applied, inherited blocks in its regions. */
  page: PageDefinition;
}

/** The folder of a layout's files: page-definitions/_layouts/ (every brand) and page-definitions/<brand>/_layouts/. */
export const LAYOUTS_FOLDER = "_layouts";

/**
 * Which blocks a layout file gives: those of every page of its layout (page-definitions/_layouts/<layout>.json),
 * or of the pages of one brand (<brand>/_layouts/<layout>.json), over the every-brand file's.
 */
export interface LayoutScope {
  layout: string;
  brand?: string;
}

/** A file to check: a page definition, or a layout file (with its scope). */
export interface DefinitionFile {
  file: string;
  text: string;
  layout?: LayoutScope;
}

export interface CheckedFiles {
  /** The pages without problems, as served. */
  pages: CheckedPage[];
  problems: Problem[];
  /**
   * What a page of a brand and layout inherits, each block naming its file (undefined: nothing);
   * without a brand, what the every-brand file gives.
   */
  inherited: (brand: string | undefined, layout: string) => InheritedRegions | undefined;
}

export interface PageValidator {
  /** One page file, inheriting nothing: its problems, and the page with defaults applied when it has none. */
  check(file: string, text: string): { page?: PageDefinition; problems: Problem[] };
  /** Pages and layout files, with the checks across pages (unique ids, routes and templates per brand). */
  checkAll(files: DefinitionFile[]): CheckedFiles;
}

export interface PageValidatorOptions extends PageCheckerOptions {
  /** The current page-definition version (tooling/migrate.ts): a file of another version is refused. */
  schemaVersion: number;
  /** The blocks' own settings migrations: a block they would still change is refused. */
  blockMigrations?: BlockMigrations;
}

/** A finding of the runtime's checks at its place in the file's text. */
function located(file: string, doc: JsonDocument, { pointer, message, value, atKey }: Finding): Problem {
  return { file, ...doc.locate(pointer, atKey), pointer, message, ...(value !== undefined ? { value } : {}) };
}

function syntaxProblems(file: string, doc: JsonDocument): Problem[] {
  return doc.syntaxErrors.map((error) => ({ file, ...error.position, pointer: "", message: error.message }));
}

/** What a layout file may hold (schemas/layout.schema.json says the same to editors' IDEs). */
export const LAYOUT_FILE_KEYS = ["$schema", "schemaVersion", "layout", "hide", "regions"];

export function createPageValidator(options: PageValidatorOptions): PageValidator {
  const checker = createPageChecker(options);

  /** One file's text as JSON of the current version, or its problems. */
  function parse(file: string, text: string): { parsed?: any; doc: JsonDocument; problems: Problem[] } {
    const doc = new JsonDocument(text);
    if (doc.syntaxErrors.length) return { doc, problems: syntaxProblems(file, doc) };
    const parsed = JSON.parse(text);
    // An older file would fail on settings that were renamed since: say what fixes it instead.
    const version = versionOf(parsed);
    if (version !== options.schemaVersion) {
      const fix = version < options.schemaVersion ? `desactualizada: ejecute npm run migrate:pages` : "desconocida";
      const finding = { pointer: "/schemaVersion", message: `versión de esquema ${version} ${fix} (la actual es ${options.schemaVersion})` };
      return { parsed, doc, problems: [located(file, doc, { ...finding, value: parsed?.schemaVersion, atKey: parsed?.schemaVersion === undefined })] };
    }
    // Likewise a block whose own migrations have not run on it (its settings would fail the schema).
    const pending = settingsMigrationChanges(parsed, options.blockMigrations ?? {}).applied;
    if (pending.length) {
      const problems = pending.map((block) =>
        located(file, doc, {
          pointer: joinPointer(...block.path),
          message: `ajustes de una versión anterior del bloque: ejecute npm run migrate:pages (${block.description})`,
        }),
      );
      return { parsed, doc, problems };
    }
    return { parsed, doc, problems: [] };
  }

  /** One page file's problems, with the parsed page (as served when it has no problem). */
  function checkText(
    file: string,
    text: string,
    inheritance?: Inheritance,
  ): { page?: PageDefinition; parsed?: unknown; doc: JsonDocument; problems: Problem[] } {
    const { parsed, doc, problems } = parse(file, text);
    if (problems.length) return { parsed, doc, problems };
    const { page, findings } = checker.check(parsed, inheritance);
    return { page, parsed, doc, problems: findings.map((finding) => located(file, doc, finding)) };
  }

  /**
   * A layout file's problems, and the blocks it gives the pages of its scope: its own, over those of
   * `base` (the every-brand file's, for a brand's file). It is checked as a page of its layout and
   * brand (the default brand for every brand's) that holds only these blocks; page keys are refused.
   */
  function checkLayoutFile(file: string, text: string, scope: LayoutScope, base: InheritedRegions | null | undefined) {
    const { parsed, doc, problems } = parse(file, text);
    if (problems.length) return { problems };
    const at = (finding: Finding) => located(file, doc, finding);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return { problems: [at({ pointer: "", message: "debe ser un objeto { }" })] };
    const pseudo: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(parsed)) {
      if (LAYOUT_FILE_KEYS.includes(key)) pseudo[key] = value;
      else
        problems.push(
          at({ pointer: joinPointer(key), message: `un archivo de diseño no lleva «${key}» (lleva ${LAYOUT_FILE_KEYS.join(", ")})`, value: key, atKey: true }),
        );
    }
    const brands: string[] = options.pageSchema.properties?.brand?.enum ?? [];
    if (scope.brand !== undefined && !brands.includes(scope.brand)) {
      problems.push(at({ pointer: "", message: `la carpeta «${scope.brand}» no es una marca (${brands.join(", ")})` }));
    }
    if (typeof parsed.layout === "string" && parsed.layout !== scope.layout) {
      problems.push(at({ pointer: "/layout", message: `el archivo se llama ${scope.layout}.json: su diseño es «${scope.layout}»`, value: parsed.layout }));
    }
    const brand = scope.brand !== undefined && brands.includes(scope.brand) ? scope.brand : options.defaultBrand;
    const { page, findings } = checker.check({ ...pseudo, id: "bloques-del-diseno", brand, route: "/", metadata: {} }, () => base);
    problems.push(...findings.map(at));
    if (problems.length || !page) return { problems };
    // Its own blocks (and those that take the place of the every-brand file's) come from this file.
    const regions = Object.fromEntries(
      Object.entries(page.regions).map(([region, blocks]) => [region, blocks.map((block) => (block.inherited ? block : { ...block, inherited: file }))]),
    );
    return { problems, regions };
  }

  function check(file: string, text: string) {
    const { page, problems } = checkText(file, text);
    return { page, problems };
  }

  // Each page file's last check, reused while its text and the layout files are the same: the live
  // preview checks every file after each save, and one file's check is what changed (a tenth of a
  // second saved per save).
  const lastChecks = new Map<string, { text: string; result: ReturnType<typeof checkText> }>();
  let lastLayouts = "";

  function checkAll(files: DefinitionFile[]): CheckedFiles {
    const problems: Problem[] = [];
    const pages: CheckedPage[] = [];
    // The every-brand files first: a brand's file is checked over its layout's.
    const layoutFiles = files.filter((f) => f.layout).sort((a, b) => Number(a.layout!.brand !== undefined) - Number(b.layout!.brand !== undefined));
    const shared = new Map<string, InheritedRegions | null>();
    const key = (layout: string, brand?: string) => (brand === undefined ? layout : `${brand}/${layout}`);
    for (const { file, text, layout: scope } of layoutFiles) {
      const result = checkLayoutFile(file, text, scope!, scope!.brand === undefined ? undefined : shared.get(key(scope!.layout)));
      problems.push(...result.problems);
      shared.set(key(scope!.layout, scope!.brand), result.regions ?? null);
    }
    const inheritance: Inheritance = (brand, layout) => (shared.has(key(layout, brand)) ? shared.get(key(layout, brand)) : shared.get(key(layout)));
    // A page with problems still takes part in the checks across pages, as far as it parses.
    const parsedPages: Array<{ name: string; page: unknown; doc: JsonDocument }> = [];
    const layoutTexts = layoutFiles.map((f) => `${f.file}\n${f.text}`).join("\n");
    if (layoutTexts !== lastLayouts) lastChecks.clear();
    lastLayouts = layoutTexts;
    for (const { file, text } of files.filter((f) => !f.layout)) {
      const last = lastChecks.get(file);
      const result = last?.text === text ? last.result : checkText(file, text, inheritance);
      lastChecks.set(file, { text, result });
      problems.push(...result.problems);
      if (result.page) pages.push({ file, page: result.page });
      if (result.parsed !== undefined) parsedPages.push({ name: file, page: result.page ?? result.parsed, doc: result.doc });
    }
    for (const { of, finding } of pageClashes(parsedPages)) problems.push(located(of.name, of.doc, finding));
    problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    return { pages, problems, inherited: (brand, layout) => (brand === undefined ? shared.get(key(layout)) : inheritance(brand, layout)) ?? undefined };
  }

  return { check, checkAll };
}

const spanishIssues = z.locales.es().localeError;

/**
 * Checks the layout rules file: its shape, and that every template it names (and the 404 template)
 * is defined by at least one page of the fallback brand.
 */
export function checkLayoutRules(
  file: string,
  text: string,
  schema: z.ZodType<{ default: string; rules: Array<{ template: string }> }>,
  templates: Set<string>,
  required: string[] = [],
): Problem[] {
  const doc = new JsonDocument(text);
  if (doc.syntaxErrors.length) return syntaxProblems(file, doc);
  const at = (pointer: string, message: string, value?: unknown) => located(file, doc, { pointer, message, value });
  // The operator reads these in Spanish, like every other problem the validator reports.
  const parsed = schema.safeParse(JSON.parse(text), { error: spanishIssues });
  if (!parsed.success) return parsed.error!.issues.map((issue) => at(joinPointer(...(issue.path as Array<string | number>)), issue.message));
  const problems: Problem[] = [];
  parsed.data.rules.forEach((rule: { template: string }, i: number) => {
    if (!templates.has(rule.template)) problems.push(at(`/rules/${i}/template`, "ninguna página define esta plantilla", rule.template));
  });
  if (!templates.has(parsed.data.default)) problems.push(at("/default", "ninguna página define esta plantilla", parsed.data.default));
  for (const name of required) if (!templates.has(name)) problems.push(at("", `falta una página con la plantilla «${name}»`));
  return problems;
}
