// One page file as the editor's API reads and writes it: what the page list shows of it, its JSON,
// its version, the text a save writes (the file's own text with only the changed values edited, the
// rest of its text kept) and the page a new file starts as. What these refuse is a SaveRefused; a
// save against a version the disk no longer has that cannot be merged is a SaveConflict.
import crypto from "node:crypto";
import fs from "node:fs";
import { isObject } from "../content/documents";
import path from "node:path";
import type { Registry } from "../../runtime/registry";
import { currentVersion, editPageText, type PageChange } from "../../tooling/migrate";
import type { Problem } from "../../tooling/page-files";
import { pageMigrations } from "../page-migrations";
import { layoutScopeOf } from "../project";
import { pageFilePath } from "./access";
import type { MergeParts } from "../app/editor/page-merge";

export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/**
 * A save against a version of the file that is no longer on disk, whose changes clash with the disk's
 * (or the file was removed): nothing is written, and the editor is shown what the disk holds.
 */
export class SaveConflict extends Error {
  constructor(
    message: string,
    /** The file as it is on disk now (text null: there is none) and its version. */
    readonly disk: { text: string | null; version: string },
    readonly conflicts: MergeParts = { blocks: [], keys: [], regions: [] },
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/** The version of a file that does not exist: a save against it creates the file, and fails if one appeared. */
export const NO_FILE_VERSION = "none";

/** A page file's version, as the editor saves against it: a hash of its text. */
export function pageVersion(text: string | undefined): string {
  return text === undefined ? NO_FILE_VERSION : crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
}

export interface PageSummary {
  /** The file inside page-definitions/, e.g. "semana/home.json": what the API names files by. */
  file: string;
  /** Its folder's brand; "todas" for the every-brand layout files. */
  brand: string;
  /** A layout file: the blocks the pages of its layout inherit (docs/decisions/0074-layouts-own-the-shared-blocks.md). */
  layoutFile?: true;
  id: string;
  route?: string;
  template?: string;
  outputType?: string;
  layout?: string;
  blocks: number;
  modified: string;
}

/** What the editor's page list shows of a page file, from its text as last read. */
export function pageSummary(pagesDir: string, file: string, text: string): PageSummary {
  let page: any;
  try {
    page = JSON.parse(text);
  } catch {
    page = {};
  }
  const regions = page && typeof page.regions === "object" ? Object.values(page.regions) : [];
  const scope = layoutScopeOf(pagesDir, file);
  return {
    file: path.relative(pagesDir, file).split(path.sep).join("/"),
    brand: scope ? (scope.brand ?? "todas") : String(page?.brand ?? path.relative(pagesDir, file).split(path.sep)[0]),
    ...(scope ? { layoutFile: true as const } : {}),
    id: String(page?.id ?? ""),
    ...(typeof page?.route === "string" ? { route: page.route } : {}),
    ...(typeof page?.template === "string" ? { template: page.template } : {}),
    ...(typeof page?.outputType === "string" ? { outputType: page.outputType } : {}),
    ...(typeof page?.layout === "string" ? { layout: page.layout } : {}),
    blocks: regions.reduce((sum: number, blocks) => sum + (Array.isArray(blocks) ? blocks.length : 0), 0),
    modified: fs.statSync(file).mtime.toISOString(),
  };
}

/** Where a new page starts from: a copy of another page, or an empty page of a layout. */
export type NewPageSource = { copy: string; route?: string } | { layout: string; route: string; title?: string };

/** The text a page would be saved as: the file's own text with only the changed values edited, or a new file. */
export function pageText(pagesDir: string, file: string, page: unknown): string {
  const full = pageFilePath(pagesDir, file);
  if (!fs.existsSync(full)) return `${JSON.stringify(page, null, 2)}\n`;
  const text = fs.readFileSync(full, "utf8");
  let before: unknown;
  try {
    before = JSON.parse(text);
  } catch {
    return `${JSON.stringify(page, null, 2)}\n`;
  }
  return editPageText(text, pageChanges(before, page));
}

/** The page file's own JSON; a SaveRefused when it is missing or not JSON. */
export function pageJson(pagesDir: string, file: string): Record<string, unknown> {
  const full = pageFilePath(pagesDir, file);
  if (!fs.existsSync(full)) throw new SaveRefused(`no existe la página ${file}`);
  try {
    const value = JSON.parse(fs.readFileSync(full, "utf8"));
    if (isObject(value)) return value;
  } catch {
    // reported below
  }
  throw new SaveRefused(`${file} no es un objeto JSON`);
}

/** The page a new file starts as: `from` a copy (given the new file's brand and id) or a layout at a route. */
export function newPage(pagesDir: string, registry: Registry, file: string, from: NewPageSource): Record<string, unknown> {
  const segments = file.split("/");
  const brand = segments[0];
  const id = segments[segments.length - 1].replace(/\.json$/, "");
  const schemaRef = `${"../".repeat(segments.length)}schemas/pages.schema.json`;
  let page: Record<string, unknown>;
  if ("copy" in from) {
    if (from.copy === file) throw new SaveRefused("elija otro archivo: la copia no puede reemplazar su original");
    const source = pageJson(pagesDir, from.copy);
    // The copy's own keys in their order, with the new file's schema path, id and brand.
    page = { ...source, $schema: schemaRef, id, brand };
    delete page.allBrands;
    if (from.route !== undefined && typeof source.route === "string") {
      if (!from.route.startsWith("/")) throw new SaveRefused("la ruta debe empezar por «/», por ejemplo /especiales/");
      page.route = from.route;
    }
  } else {
    const layout = registry.layouts.get(from.layout);
    if (!layout) throw new SaveRefused(`diseño desconocido: «${String(from.layout).slice(0, 60)}»`);
    if (typeof from.route !== "string" || !from.route.startsWith("/")) throw new SaveRefused("la ruta debe empezar por «/», por ejemplo /especiales/");
    page = {
      $schema: schemaRef,
      schemaVersion: currentVersion(pageMigrations),
      id,
      brand,
      route: from.route,
      layout: layout.name,
      metadata: { title: typeof from.title === "string" && from.title.trim() ? from.title.trim() : `${id} | ${brand}` },
      regions: Object.fromEntries(layout.regions.map((region) => [region, []])),
    };
  }
  return page;
}

/**
 * The smallest changes that turn `before` into `after`: values inside objects one by one; a list
 * whose items kept their places (same length, same block ids) item by item; any other list whole.
 */
function pageChanges(before: unknown, after: unknown, at: Array<string | number> = []): PageChange[] {
  if (isObject(before) && isObject(after)) {
    const changes: PageChange[] = [];
    for (const key of Object.keys(before)) if (!(key in after)) changes.push({ path: [...at, key], value: undefined });
    for (const [key, value] of Object.entries(after)) {
      if (!(key in before)) changes.push({ path: [...at, key], value });
      else changes.push(...pageChanges(before[key], value, [...at, key]));
    }
    return changes;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const sameShape = before.length === after.length && before.every((item, i) => !isObject(item) || !isObject(after[i]) || item.id === after[i].id);
    if (sameShape) return before.flatMap((item, i) => pageChanges(item, after[i], [...at, i]));
    return [{ path: at, value: after }];
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path: at, value: after }];
}
