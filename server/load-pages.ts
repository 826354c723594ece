// The editors' files a site is made of, read and checked once at start: the page definitions (with
// the blocks they inherit from their layout's files and the blocks brands put on every page) and the
// layout rules. A broken one stops the server.
import fs from "node:fs";
import path from "node:path";
import { brands, type Brand } from "../brands";
import { DEFAULT_BRAND } from "../domain/brands";
import { layoutRulesSchema, type LayoutRules } from "../domain/layout-rules";
import type { Registry } from "../runtime/registry";
import { currentVersion } from "../tooling/migrate";
import { checkLayoutRules, formatProblem, type CheckedPage, type PageValidator, type Problem } from "../tooling/page-files";
import { pageMigrations } from "./page-migrations";
import { listDefinitionFiles, pagesDir, projectValidator, readPageFiles } from "./project";
import { ERROR_TEMPLATE, NOT_FOUND_TEMPLATE } from "./site";

export class InvalidPagesError extends Error {}

/**
 * The problems of the blocks brands put on every page (docs/brands.md#brand-wide-blocks), checked as a
 * page definition's blocks are: a type that is not registered, settings its schema refuses.
 */
export function brandBlockProblems(validator: PageValidator, brandList: readonly Brand[] = Object.values(brands)): Problem[] {
  const problems: Problem[] = [];
  for (const brand of brandList) {
    if (!brand.everyPage?.length) continue;
    const page = {
      schemaVersion: currentVersion(pageMigrations),
      id: `bloques-de-marca-${brand.id}`,
      brand: brand.id,
      route: "/bloques-de-marca/",
      layout: "header-main-footer",
      metadata: {},
      regions: { header: brand.everyPage },
    };
    problems.push(...validator.check(`brands/${brand.id}.ts (everyPage)`, JSON.stringify(page, null, 2)).problems);
  }
  return problems;
}

/**
 * Validates every page definition and layout file once, at start-up; refuses to start with a broken
 * one. The pages come with the blocks they inherit (docs/decisions/0074-layouts-own-the-shared-blocks.md).
 */
export function loadPages(registry: Registry, dir = pagesDir): CheckedPage[] {
  const read = readPageFiles(listDefinitionFiles(dir), (file) => path.relative(process.cwd(), file), dir);
  const validator = projectValidator(registry);
  const checked = validator.checkAll(read.sources);
  const { pages } = checked;
  const problems = [...read.problems, ...checked.problems, ...brandBlockProblems(validator)];
  if (problems.length) {
    throw new InvalidPagesError(`definiciones de página con problemas (npm run validate:pages):\n${problems.map(formatProblem).join("\n")}`);
  }
  return pages;
}

/**
 * The problems of the layout rules file: its shape (at its line), and every template it names, and
 * the 404 and error templates, defined by a page of the default brand (every brand can use those).
 */
export function layoutRuleProblems(pages: CheckedPage[], dir = pagesDir): Problem[] {
  const file = path.join(dir, "layout-rules.json");
  const relative = path.relative(process.cwd(), file);
  if (!fs.existsSync(file)) return [{ file: relative, line: 1, column: 1, pointer: "", message: "falta el archivo de reglas de diseño" }];
  const templates = new Set(pages.filter(({ page }) => page.brand === DEFAULT_BRAND && page.template).map(({ page }) => page.template!));
  return checkLayoutRules(relative, fs.readFileSync(file, "utf8"), layoutRulesSchema, templates, [NOT_FOUND_TEMPLATE, ERROR_TEMPLATE]);
}

/** The layout rules, checked: the server refuses to start with rules that name a missing template. */
export function loadLayoutRules(pages: CheckedPage[], dir = pagesDir): LayoutRules {
  const problems = layoutRuleProblems(pages, dir);
  if (problems.length) throw new InvalidPagesError(`reglas de diseño con problemas (npm run validate:pages):\n${problems.map(formatProblem).join("\n")}`);
  return layoutRulesSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, "layout-rules.json"), "utf8")));
}
