// The editors' working copy of the page definitions: every file validated as `npm run validate:pages`
// does (same validator, same layout-rules check, same problem lines), the live site swapped to the
// files as they are after each good save, open tabs told what changed, unsaved pages checked and
// previewed, and saves written in place with only the changed values touched (the text a save
// writes is page-file.ts's; the sites of the block catalogue are catalogue-sites.ts's). Layout files
// are opened, checked, previewed and saved like pages (docs/decisions/0074-layouts-own-the-shared-blocks.md).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DEFAULT_BRAND } from "../../domain/brands";
import type { LayoutRules } from "../../domain/layout-rules";
import type { InheritedRegions } from "../../runtime/inherited-blocks";
import type { Logger } from "../../runtime/types";
import { formatProblem, type CheckedFiles, type PageValidator, type Problem } from "../../tooling/page-files";
import { currentVersion } from "../../tooling/migrate";
import { pageMigrations } from "../page-migrations";
import { layoutScopeOf, listDefinitionFiles, projectValidator } from "../project";
import { catalogueEntries, type CatalogueEntry } from "./catalogue";
import { catalogueSites, type CatalogueSites } from "./catalogue-sites";
import { layoutRuleProblems, loadLayoutRules } from "../load-pages";
import type { Site } from "../site";
import type { Registry } from "../../runtime/registry";
import { pageFilePath } from "./access";
import type { LiveSite, SiteFactory } from "./live-site";
import type { ContentStore } from "../content/store";
import { isObject } from "../content/documents";
import {
  newPage,
  NO_FILE_VERSION,
  pageJson,
  pageSummary,
  pageText,
  pageVersion,
  SaveConflict,
  SaveRefused,
  type NewPageSource,
  type PageSummary,
} from "./page-file";
import { describeParts, mergePages, type MergeParts } from "../app/editor/page-merge";
import { samplePath } from "./samples";
import { watchFolder, type FolderWatcher } from "./watch-folder";

/** What open tabs are told after every change on disk. */
interface LiveState {
  /** Increases with every change seen. */
  version: number;
  /** The problems of the files as they are, one validator line each; the site keeps the last good version meanwhile. */
  problems: string[];
  /** The ids of the pages whose files changed in this version (all: the layout rules or several files changed). */
  changed: string[];
  all: boolean;
}

/** How many unsaved pages' preview sites are kept (the oldest goes first). */
const DRAFTS_KEPT = 20;

export interface Workspace extends CatalogueSites {
  pagesDir: string;
  site: LiveSite;
  registry: Registry;
  /** The content store, when there is one: what the settings form's pickers search (lookup.ts). */
  store?: ContentStore;
  state(): LiveState;
  /** Called with every new state (one per change on disk). Returns the unsubscribe function. */
  subscribe(listener: (state: LiveState) => void): () => void;
  /**
   * Watches the folder (from the first call on). Settles once every file is watched and what changed
   * before that has been read: from then on, every write is seen.
   */
  watch(): Promise<void>;
  /** Reads every file again: validates, swaps the site when they are good, tells the subscribers. */
  reload(): LiveState;
  list(): PageSummary[];
  /** The file's text and its version (what a save names as the version it started from). */
  read(file: string): { file: string; text: string; version: string; modified: string };
  /**
   * The problems of a page as it would be saved at `file`, with the checks across pages; for a layout
   * file, also those it would cause in the pages that inherit it.
   */
  check(file: string, page: unknown): { text: string; problems: Problem[] };
  /**
   * What the page (or the brand's layout file) at `file` inherits, as the files are now: its layout,
   * and each block with the file it comes from, named inside the pages folder.
   */
  inherited(file: string): { layout?: string; regions: InheritedRegions };
  /**
   * A preview site for an unsaved page: its id (for ?_vista=), or its problems. `at`: the instant the
   * preview shows it at (its publication windows, docs/editor-tools.md#page-editor); by default, now.
   */
  preview(file: string, page: unknown, at?: Date): { id?: string; problems: Problem[] };
  draft(id: string): { site: Site; brand: string } | undefined;
  /** The catalogue's blocks, examples and their problems. */
  catalogue(): CatalogueEntry[];
  /** Where the editor's preview shows the page by default (server/editor/samples.ts). */
  samplePath(file: string): Promise<string>;
  /**
   * A new page at `file` (which must not exist): a copy of another page (`from`, of any brand, given
   * the new file's brand and id) or, from a template, an empty page of a layout at a route. Saved as
   * `save` does (refused with its problems); answers the page written.
   */
  create(file: string, from: NewPageSource): { page: Record<string, unknown>; text: string };
  /**
   * Writes the page; refuses (SaveRefused) while it has problems. With `create`, the file must not
   * exist yet. With `version` (and `base`, the text of that version), the page is the editor's edit of
   * that version: when the file changed on disk since, the two edits are merged by block id and the
   * merge written (`merged` says what came from the disk), or, when they touch the same block or key,
   * nothing is written (SaveConflict). Without a version the page is written over whatever the file
   * holds (docs/editor-tools.md#saving-and-conflicts).
   */
  save(file: string, page: unknown, options?: SaveOptions): { text: string; changed: boolean; version: string; merged?: MergeParts };
  close(): void;
}

interface SaveOptions {
  create?: boolean;
  /** The version of the file the page was edited from, and that version's text. */
  version?: string;
  base?: string;
}

export function createWorkspace(options: {
  pagesDir: string;
  site: LiveSite;
  makeSite: SiteFactory;
  registry: Registry;
  logger?: Logger;
  /** The content store: existing values for the preview's default address (samplePath). */
  store?: ContentStore;
  /** Poll the folder instead of asking the system to tell (PAGES_WATCH_POLL=1: network drives, containers). */
  pollFiles?: boolean;
}): Workspace {
  const { pagesDir, site, makeSite, registry, logger, store } = options;
  let validator: PageValidator | undefined;
  const validate = () => (validator ??= projectValidator(registry));
  const relative = (file: string) => path.relative(process.cwd(), file);
  const listeners = new Set<(state: LiveState) => void>();
  const drafts = new Map<string, { site: Site; brand: string }>();
  let texts = readAll();
  let good = checkTexts(texts);
  let layoutRules: LayoutRules | undefined;
  let state: LiveState = { version: 0, problems: good.problems.map(formatProblem), changed: [], all: false };
  let watcher: FolderWatcher | undefined;
  let watching: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function readAll(): Map<string, string> {
    // A file removed between the listing and its reading is gone (a checkout, a deleted folder).
    return new Map(
      listDefinitionFiles(pagesDir).flatMap((file) => {
        try {
          return [[file, fs.readFileSync(file, "utf8")] as const];
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
          throw error;
        }
      }),
    );
  }

  function checkTexts(files: Map<string, string>): CheckedFiles {
    const checked = validate().checkAll([...files].map(([file, text]) => ({ file: relative(file), text, layout: layoutScopeOf(pagesDir, file) })));
    if (!checked.problems.length) checked.problems.push(...layoutRuleProblems(checked.pages, pagesDir));
    return checked;
  }

  /** The ids of the pages that inherit the layout file `file` (none for a page file). */
  const inheritorsOf = (file: string, ...checks: CheckedFiles[]): string[] => {
    const scope = layoutScopeOf(pagesDir, file);
    if (!scope) return [];
    const pages = checks.flatMap((checked) => checked.pages.map(({ page }) => page));
    return pages.filter((page) => page.layout === scope.layout && (scope.brand === undefined || page.brand === scope.brand)).map((page) => page.id);
  };

  const rules = () => (layoutRules ??= loadLayoutRules(good.pages, pagesDir));
  const catalogue = catalogueSites({ registry, makeSite, validate, goodPages: () => good.pages, rules, store });

  const idsOf = (text: string | undefined): string[] => {
    try {
      const id = JSON.parse(text ?? "")?.id;
      return typeof id === "string" ? [id] : [];
    } catch {
      return [];
    }
  };

  function reload(): LiveState {
    const before = texts;
    texts = readAll();
    const changedFiles = [...new Set([...before.keys(), ...texts.keys()])].filter((file) => before.get(file) !== texts.get(file));
    const rulesChanged = layoutRulesText !== readRules();
    if (!changedFiles.length && !rulesChanged) return state;
    const checked = checkTexts(texts);
    // A layout file's pages change with it: each open tab of one reloads.
    const changed = [...new Set(changedFiles.flatMap((file) => [...idsOf(before.get(file)), ...idsOf(texts.get(file)), ...inheritorsOf(file, good, checked)]))];
    if (!checked.problems.length) {
      good = checked;
      layoutRules = undefined;
      catalogue.clear();
      layoutRulesText = readRules();
      try {
        site.swap(makeSite(good.pages, rules()));
      } catch (error) {
        logger?.error("vista en vivo: no se pudo reconstruir el sitio", { error: (error as Error).message });
      }
    }
    state = { version: state.version + 1, problems: checked.problems.map(formatProblem), changed, all: rulesChanged };
    for (const listener of listeners) listener(state);
    return state;
  }

  const rulesFile = path.join(pagesDir, "layout-rules.json");
  const readRules = () => (fs.existsSync(rulesFile) ? fs.readFileSync(rulesFile, "utf8") : "");
  let layoutRulesText = readRules();

  /** The files as they would be with `page` saved at `file`, checked. */
  function draftCheck(file: string, page: unknown) {
    if (!page || typeof page !== "object" || Array.isArray(page)) throw new SaveRefused("la página debe ser un objeto JSON");
    const full = pageFilePath(pagesDir, file);
    const text = pageText(pagesDir, file, page);
    const files = new Map(texts);
    files.set(full, text);
    const checked = checkTexts(files);
    const own = checked.problems.filter((problem) => problem.file === relative(full));
    // A layout file that would break a page inheriting it is refused with that page's problem.
    const now = new Set(state.problems);
    const caused = layoutScopeOf(pagesDir, full)
      ? checked.problems
          .filter((problem) => problem.file !== relative(full) && !now.has(formatProblem(problem)))
          .map((problem) => ({ file: relative(full), line: 1, column: 1, pointer: "", message: `rompe una página que lo hereda: ${formatProblem(problem)}` }))
      : [];
    return { full, text, checked, problems: [...own, ...caused] };
  }

  function check(file: string, page: unknown) {
    const { text, problems } = draftCheck(file, page);
    return { text, problems };
  }

  /** The editor's page merged with what changed on disk since `version`, or a SaveConflict. */
  function mergeWithDisk(file: string, page: Record<string, unknown>, version: string, base: string | undefined, onDisk: string | undefined) {
    const disk = { text: onDisk ?? null, version: pageVersion(onDisk) };
    if (onDisk === undefined)
      throw new SaveConflict(`${file} se borró en el disco después de abrirla. No se guardó: puede volver a crearla con su versión o copiarla.`, disk);
    if (base === undefined || version === NO_FILE_VERSION)
      throw new SaveConflict(`${file} cambió en el disco desde que la abrió. No se guardó: elija qué versión conservar.`, disk);
    if (pageVersion(base) !== version) throw new SaveRefused(`«base» no es el texto de la versión «${version.slice(0, 40)}»`);
    const [basePage, diskPage] = [base, onDisk].map((text) => {
      try {
        const value = JSON.parse(text);
        if (isObject(value)) return value;
      } catch {
        // below
      }
      return undefined;
    });
    if (!basePage) throw new SaveRefused("«base» no es un objeto JSON");
    if (!diskPage) throw new SaveConflict(`${file} cambió en el disco y ya no es JSON válido. No se guardó: elija qué versión conservar.`, disk);
    const merge = mergePages(basePage, page, diskPage);
    if (!merge.page)
      throw new SaveConflict(
        `${file} cambió en el disco desde que la abrió, en lo mismo que usted: ${describeParts(merge.conflicts)}. No se guardó: elija qué versión conservar.`,
        disk,
        merge.conflicts,
      );
    return { page: merge.page, fromDisk: merge.fromDisk, disk };
  }

  function save(file: string, page: unknown, saveOptions: SaveOptions = {}) {
    const full = pageFilePath(pagesDir, file);
    const onDisk = fs.existsSync(full) ? fs.readFileSync(full, "utf8") : undefined;
    if (saveOptions.create && onDisk !== undefined) throw new SaveRefused(`ya existe la página ${file}`);
    if (!isObject(page)) throw new SaveRefused("la página debe ser un objeto JSON");
    const { version, base } = saveOptions;
    const merge = version !== undefined && version !== pageVersion(onDisk) ? mergeWithDisk(file, page, version, base, onDisk) : undefined;
    const { text, problems } = check(file, merge?.page ?? page);
    if (problems.length && merge)
      throw new SaveConflict(
        `${file} cambió en el disco desde que la abrió; junto con sus cambios la página tendría problemas. No se guardó: elija qué versión conservar.`,
        merge.disk,
        undefined,
        problems,
      );
    if (problems.length) throw new SaveRefused("la página tiene problemas: corríjalos antes de guardar", problems);
    const changed = onDisk !== text;
    if (changed) {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      // Written whole or not at all: a watcher never reads half a file.
      const temporary = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.tmp`);
      fs.writeFileSync(temporary, text);
      fs.renameSync(temporary, full);
      reload();
    }
    return { text, changed, version: pageVersion(text), ...(merge ? { merged: merge.fromDisk } : {}) };
  }

  return {
    pagesDir,
    site,
    registry,
    store,
    state: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch() {
      if (watching) return watching;
      const reloadLogged = () => {
        try {
          reload();
        } catch (error) {
          logger?.error("vista en vivo: error al releer las páginas", { error: (error as Error).message });
        }
      };
      // One reload per burst of events (an editor's save is several).
      const changed = () => {
        clearTimeout(timer);
        timer = setTimeout(reloadLogged, 20);
      };
      watcher = watchFolder(pagesDir, changed, { poll: options.pollFiles, logger });
      // A file written between the first read and the watches being in place is read now.
      watching = watcher.ready.then(reloadLogged);
      return watching;
    },
    reload,
    list() {
      // A file removed since the last reload (it follows the watcher's events) is not listed.
      return [...texts].filter(([file]) => fs.existsSync(file)).map(([file, text]) => pageSummary(pagesDir, file, text));
    },
    read(file) {
      const full = pageFilePath(pagesDir, file);
      if (!fs.existsSync(full)) throw new SaveRefused(`no existe la página ${file}`);
      const text = fs.readFileSync(full, "utf8");
      return { file, text, version: pageVersion(text), modified: fs.statSync(full).mtime.toISOString() };
    },
    check,
    inherited(file) {
      const full = pageFilePath(pagesDir, file);
      const scope = layoutScopeOf(pagesDir, full);
      let page: any = {};
      try {
        page = pageJson(pagesDir, file);
      } catch {
        // a file that is not JSON yet inherits nothing
      }
      const layout = scope?.layout ?? (typeof page.layout === "string" ? page.layout : undefined);
      // A brand's layout file is written over the every-brand one; a page over its brand's and layout's.
      const given = !layout
        ? undefined
        : scope
          ? scope.brand === undefined
            ? undefined
            : good.inherited(undefined, layout)
          : good.inherited(String(page.brand), layout);
      const inside = (named: string) => path.relative(pagesDir, path.resolve(named)).split(path.sep).join("/");
      const regions = Object.fromEntries(
        Object.entries(given ?? {}).map(([region, blocks]) => [region, blocks.map((block) => ({ ...block, inherited: inside(block.inherited!) }))]),
      );
      return { ...(layout ? { layout } : {}), regions };
    },
    preview(file, page, at) {
      const { full, checked, problems } = draftCheck(file, page);
      if (problems.length) return { problems };
      const scope = layoutScopeOf(pagesDir, full);
      const draft = checked.pages.find((p) => p.file === relative(full))?.page;
      const brand = scope ? (scope.brand ?? DEFAULT_BRAND) : draft?.brand;
      if (!brand) return { problems: checked.problems.filter((problem) => problem.file === relative(full)) };
      const id = crypto.randomBytes(9).toString("base64url");
      drafts.set(id, { site: makeSite(checked.pages, rules(), at ? { now: () => at } : undefined), brand });
      while (drafts.size > DRAFTS_KEPT) drafts.delete(drafts.keys().next().value!);
      return { id, problems: [] };
    },
    draft: (id) => drafts.get(id),
    catalogueSite: catalogue.catalogueSite,
    catalogueState: catalogue.catalogueState,
    catalogueArticle: catalogue.catalogueArticle,
    catalogue: () => catalogueEntries(registry, validate(), currentVersion(pageMigrations)),
    save,
    samplePath(file) {
      let full = pageFilePath(pagesDir, file);
      let draft: any;
      try {
        draft = pageJson(pagesDir, file);
      } catch {
        return Promise.resolve("/"); // a file being edited that is not JSON yet
      }
      // A layout file is previewed on a page that inherits it: its brand's home when it has that layout.
      const scope = layoutScopeOf(pagesDir, full);
      if (scope) {
        const heirs = good.pages.filter(({ page }) => page.layout === scope.layout && page.brand === (scope.brand ?? DEFAULT_BRAND));
        const heir = heirs.find(({ page }) => page.route === "/") ?? heirs.find(({ page }) => page.route && !/[:*]/.test(page.route)) ?? heirs[0];
        if (!heir) return Promise.resolve("/");
        [full, draft] = [path.resolve(heir.file), heir.page];
      }
      if (typeof draft.brand !== "string") return Promise.resolve("/");
      const pages = good.pages.map(({ file: checked, page: other }) => ({ file: path.resolve(checked), page: other }));
      let rulesNow: LayoutRules | undefined;
      try {
        rulesNow = rules();
      } catch {
        rulesNow = undefined;
      }
      return samplePath({ page: draft, file: full, pages, layoutRules: rulesNow, store });
    },
    create(file, from) {
      const page = newPage(pagesDir, registry, file, from);
      const { text } = save(file, page, { create: true });
      return { page, text };
    },
    close() {
      clearTimeout(timer);
      void watcher?.close();
      watcher = undefined;
      watching = undefined;
      listeners.clear();
    },
  };
}
