// Page definition files: the runtime's checks (runtime/validate.ts) on the JSON an editor wrote, with
// what only a file has — its syntax, its schema version, and the line and column of each problem.
import { z } from "zod";
import { joinPointer } from "../runtime/json-pointer";
import type { Finding } from "../runtime/findings";
import { createPageChecker, pageClashes, type PageCheckerOptions } from "../runtime/validate";
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
  page: PageDefinition;
}

export interface PageValidator {
  /** One file: its problems, and the page with defaults applied when it has none. */
  check(file: string, text: string): { page?: PageDefinition; problems: Problem[] };
  /** Several files, with the checks across pages (unique ids, routes and templates per brand). */
  checkAll(files: Array<{ file: string; text: string }>): { pages: CheckedPage[]; problems: Problem[] };
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

export function createPageValidator(options: PageValidatorOptions): PageValidator {
  const checker = createPageChecker(options);

  /** One file's problems, with the parsed page (defaults applied when it has no problem). */
  function checkText(file: string, text: string): { page?: PageDefinition; parsed?: unknown; doc: JsonDocument; problems: Problem[] } {
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
    const { page, findings } = checker.check(parsed);
    return { page, parsed, doc, problems: findings.map((finding) => located(file, doc, finding)) };
  }

  function check(file: string, text: string) {
    const { page, problems } = checkText(file, text);
    return { page, problems };
  }

  // Each file's last check, reused while its text is the same: the live preview checks every file
  // after each save, and one file's check is what changed (a tenth of a second saved per save).
  const lastChecks = new Map<string, { text: string; result: ReturnType<typeof checkText> }>();

  function checkAll(files: Array<{ file: string; text: string }>) {
    const problems: Problem[] = [];
    const pages: CheckedPage[] = [];
    // A page with problems still takes part in the checks across pages, as far as it parses.
    const parsedPages: Array<{ name: string; page: unknown; doc: JsonDocument }> = [];
    for (const { file, text } of files) {
      const last = lastChecks.get(file);
      const result = last?.text === text ? last.result : checkText(file, text);
      lastChecks.set(file, { text, result });
      problems.push(...result.problems);
      if (result.page) pages.push({ file, page: result.page });
      if (result.parsed !== undefined) parsedPages.push({ name: file, page: result.page ?? result.parsed, doc: result.doc });
    }
    for (const { of, finding } of pageClashes(parsedPages)) problems.push(located(of.name, of.doc, finding));
    problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
    return { pages, problems };
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
