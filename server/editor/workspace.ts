// The editors' working copy of the page definitions: every file validated as `npm run validate:pages`
// does (same validator, same layout-rules check, same problem lines), the live site swapped to the
// files as they are after each good save, open tabs told what changed, unsaved pages checked and
// previewed, and saves written in place with only the changed values touched.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { editPageText, type PageChange } from "../../tooling/migrate";
import type { LayoutRules } from "../../domain/layout-rules";
import type { Logger, PageDefinition } from "../../runtime/types";
import { formatProblem, type CheckedPage, type PageValidator, type Problem } from "../../tooling/page-files";
import { currentVersion } from "../../tooling/migrate";
import { buildSettingsSchemas } from "../../tooling/schema-builder";
import { ContentCache } from "../../runtime/cache";
import { pageMigrations } from "../page-migrations";
import { listPageFiles, projectValidator, schemaInput } from "../project";
import { catalogueEntries, cataloguePages, type CatalogueEntry } from "./catalogue";
import { layoutRuleProblems, loadLayoutRules } from "../load-pages";
import type { Site } from "../site";
import type { Registry } from "../../runtime/registry";
import { pageFilePath } from "./access";
import type { LiveSite, SiteFactory } from "./live-site";
import type { ContentStore } from "../content/store";
import { articleFor, samplePath } from "./samples";
import { watchFolder, type FolderWatcher } from "./watch-folder";

/** What open tabs are told after every change on disk. */
export interface LiveState {
  /** Increases with every change seen. */
  version: number;
  /** The problems of the files as they are, one validator line each; the site keeps the last good version meanwhile. */
  problems: string[];
  /** The ids of the pages whose files changed in this version (all: the layout rules or several files changed). */
  changed: string[];
  all: boolean;
}

export interface PageSummary {
  /** The file inside page-definitions/, e.g. "semana/home.json": what the API names files by. */
  file: string;
  brand: string;
  id: string;
  route?: string;
  template?: string;
  outputType?: string;
  layout?: string;
  blocks: number;
  modified: string;
}

export class SaveRefused extends Error {
  constructor(
    message: string,
    readonly problems: Problem[] = [],
  ) {
    super(message);
  }
}

/** How many unsaved pages' preview sites are kept (the oldest goes first). */
const DRAFTS_KEPT = 20;

export interface Workspace {
  pagesDir: string;
  site: LiveSite;
  registry: Registry;
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
  read(file: string): { file: string; text: string; modified: string };
  /** The problems of a page as it would be saved at `file`, with the checks across pages. */
  check(file: string, page: unknown): { text: string; problems: Problem[] };
  /** A preview site for an unsaved page: its id (for ?_vista=), or its problems. */
  preview(file: string, page: unknown): { id?: string; problems: Problem[] };
  draft(id: string): { site: Site; brand: string } | undefined;
  /** The site that also answers the catalogue's one-block pages (/_bloques/<type>/<example>/). */
  catalogueSite(): CatalogueSite;
  /**
   * For a catalogue address whose example reads the article: a site where the example's one-block
   * page is the template of an article of its brand, and that article's path; undefined otherwise
   * (or when the store has no such article).
   */
  catalogueArticle(url: string): Promise<{ site: Site; path: string; brand: string } | undefined>;
  /**
   * The catalogue's pages as they are when every content source answers nothing ("vacio") or fails
   * ("error"): what a reader sees of each block in those states.
   */
  catalogueState(state: CatalogueState): Site;
  /** The catalogue's blocks, examples and their problems. */
  catalogue(): CatalogueEntry[];
  /** Where the editor's preview shows the page by default (server/editor/samples.ts). */
  samplePath(file: string): Promise<string>;
  /**
   * A new page at `file` (which must not exist): a copy of another page (`from`, of any brand, given
   * the new file's brand and id) or, from a template, an empty page of a layout at a route. Saved as
   * `save` does (refused with its problems); answers the page written.
   */
  create(
    file: string,
    from: { copy: string; route?: string } | { layout: string; route: string; title?: string },
  ): { page: Record<string, unknown>; text: string };
  /** Writes the page; refuses (SaveRefused) while it has problems. With `create`, the file must not exist yet. */
  save(file: string, page: unknown, options?: { create?: boolean }): { text: string; changed: boolean };
  close(): void;
}

/** The site of the catalogue's one-block pages, and what it knows of each. */
export interface CatalogueSite {
  site: Site;
  pages: CheckedPage[];
  brandOf: (route: string) => string | undefined;
  /** The examples that read the article, by catalogue address. */
  articles: Map<string, { checked: CheckedPage; template?: string }>;
}

/** The states of a block the catalogue shows besides its examples. */
export const CATALOGUE_STATES = ["vacio", "error"] as const;
export type CatalogueState = (typeof CATALOGUE_STATES)[number];

/** The registry with every source answering nothing, or failing, for the catalogue's states. */
function registryInState(registry: Registry, state: CatalogueState): Registry {
  const answer = state === "error" ? () => Promise.reject(new Error("la fuente no responde (estado de error del catálogo)")) : () => Promise.resolve(null);
  return { ...registry, sources: new Map([...registry.sources].map(([name, source]) => [name, { ...source, fetch: answer }])) };
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
  let catalogued: CatalogueSite | undefined;
  const stateSites = new Map<CatalogueState, Site>();
  const articleSites = new Map<string, Promise<{ site: Site; path: string; brand: string } | undefined>>();
  let state: LiveState = { version: 0, problems: good.problems.map(formatProblem), changed: [], all: false };
  let watcher: FolderWatcher | undefined;
  let watching: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function readAll(): Map<string, string> {
    // A file removed between the listing and its reading is gone (a checkout, a deleted folder).
    return new Map(
      listPageFiles(pagesDir).flatMap((file) => {
        try {
          return [[file, fs.readFileSync(file, "utf8")] as const];
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
          throw error;
        }
      }),
    );
  }

  function checkTexts(files: Map<string, string>): { pages: CheckedPage[]; problems: Problem[] } {
    const { pages, problems } = validate().checkAll([...files].map(([file, text]) => ({ file: relative(file), text })));
    if (!problems.length) problems.push(...layoutRuleProblems(pages, pagesDir));
    return { pages, problems };
  }

  const rules = () => (layoutRules ??= loadLayoutRules(good.pages, pagesDir));

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
    const changed = [...new Set(changedFiles.flatMap((file) => [...idsOf(before.get(file)), ...idsOf(texts.get(file))]))];
    if (!checked.problems.length) {
      good = checked;
      layoutRules = undefined;
      catalogued = undefined;
      articleSites.clear();
      stateSites.clear();
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

  /** The text a page would be saved as: the file's own text with only the changed values edited, or a new file. */
  function textFor(file: string, page: unknown): string {
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

  function check(file: string, page: unknown) {
    if (!page || typeof page !== "object" || Array.isArray(page)) throw new SaveRefused("la página debe ser un objeto JSON");
    const full = pageFilePath(pagesDir, file);
    const text = textFor(file, page);
    const files = new Map(texts);
    files.set(full, text);
    const { problems } = checkTexts(files);
    return { text, problems: problems.filter((problem) => problem.file === relative(full)) };
  }

  function save(file: string, page: unknown, saveOptions: { create?: boolean } = {}) {
    const full = pageFilePath(pagesDir, file);
    if (saveOptions.create && fs.existsSync(full)) throw new SaveRefused(`ya existe la página ${file}`);
    const { text, problems } = check(file, page);
    if (problems.length) throw new SaveRefused("la página tiene problemas: corríjalos antes de guardar", problems);
    const changed = !fs.existsSync(full) || fs.readFileSync(full, "utf8") !== text;
    if (changed) {
      fs.mkdirSync(path.dirname(full), { recursive: true });
      // Written whole or not at all: a watcher never reads half a file.
      const temporary = path.join(path.dirname(full), `.${path.basename(full)}.${process.pid}.tmp`);
      fs.writeFileSync(temporary, text);
      fs.renameSync(temporary, full);
      reload();
    }
    return { text, changed };
  }

  /** The page file's own JSON; a SaveRefused when it is missing or not JSON. */
  function parsed(file: string): Record<string, unknown> {
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

  return {
    pagesDir,
    site,
    registry,
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
      return [...texts].flatMap(([file, text]) => {
        let page: any;
        try {
          page = JSON.parse(text);
        } catch {
          page = {};
        }
        const regions = page && typeof page.regions === "object" ? Object.values(page.regions) : [];
        return [
          {
            file: path.relative(pagesDir, file).split(path.sep).join("/"),
            brand: String(page?.brand ?? path.relative(pagesDir, file).split(path.sep)[0]),
            id: String(page?.id ?? ""),
            ...(typeof page?.route === "string" ? { route: page.route } : {}),
            ...(typeof page?.template === "string" ? { template: page.template } : {}),
            ...(typeof page?.outputType === "string" ? { outputType: page.outputType } : {}),
            ...(typeof page?.layout === "string" ? { layout: page.layout } : {}),
            blocks: regions.reduce((sum: number, blocks) => sum + (Array.isArray(blocks) ? blocks.length : 0), 0),
            modified: fs.statSync(file).mtime.toISOString(),
          },
        ];
      });
    },
    read(file) {
      const full = pageFilePath(pagesDir, file);
      if (!fs.existsSync(full)) throw new SaveRefused(`no existe la página ${file}`);
      return { file, text: fs.readFileSync(full, "utf8"), modified: fs.statSync(full).mtime.toISOString() };
    },
    check,
    preview(file, page) {
      const { text, problems } = check(file, page);
      if (problems.length) return { problems };
      const full = pageFilePath(pagesDir, file);
      const checked = validate().check(relative(full), text);
      if (!checked.page) return { problems: checked.problems };
      const pages = [...good.pages.filter((p) => p.file !== relative(full)), { file: relative(full), page: checked.page as PageDefinition }];
      const id = crypto.randomBytes(9).toString("base64url");
      drafts.set(id, { site: makeSite(pages, rules()), brand: checked.page.brand });
      while (drafts.size > DRAFTS_KEPT) drafts.delete(drafts.keys().next().value!);
      return { id, problems: [] };
    },
    draft: (id) => drafts.get(id),
    catalogueSite() {
      if (!catalogued) {
        const version = currentVersion(pageMigrations);
        const extra = cataloguePages(registry, version, buildSettingsSchemas(schemaInput())).flatMap(({ type, page, url, example }) => {
          const checked = validate().check(`blocks/${type}/catalogue.json`, JSON.stringify(page));
          return checked.page ? [{ example, checked: { file: `blocks/${type}/catalogue.json`, page: { ...checked.page, route: url } } }] : [];
        });
        const brands = new Map(extra.map(({ checked }) => [checked.page.route!, checked.page.brand]));
        const articles = new Map(
          extra.filter(({ example }) => example.article).map(({ checked, example }) => [checked.page.route!, { checked, template: example.template }]),
        );
        const pages = [...good.pages, ...extra.map(({ checked }) => checked)];
        catalogued = { site: makeSite(pages, rules()), pages, brandOf: (route) => brands.get(route), articles };
      }
      return catalogued;
    },
    catalogueState(state) {
      let made = stateSites.get(state);
      if (!made) {
        // Its own content cache: the shared one would answer with what it holds (or serve it stale on an error).
        made = makeSite(this.catalogueSite().pages, rules(), { registry: registryInState(registry, state), cache: new ContentCache() });
        stateSites.set(state, made);
      }
      return made;
    },
    catalogueArticle(url) {
      const example = this.catalogueSite().articles.get(url);
      if (!example || !store) return Promise.resolve(undefined);
      let made = articleSites.get(url);
      if (!made) {
        made = (async () => {
          const { brand } = example.checked.page;
          // An article of the example's template, else any article the rules give their default.
          let template = example.template ?? rules().default;
          let path = await articleFor(store, brand, template, rules()).catch(() => undefined);
          if (!path && template !== rules().default) {
            template = rules().default;
            path = await articleFor(store, brand, template, rules()).catch(() => undefined);
          }
          if (!path) return undefined;
          // The example's page stands in for the brand's template, so the article is shown with it alone.
          const { route: _route, ...page } = example.checked.page;
          const pages = good.pages.filter((other) => !(other.page.brand === brand && other.page.template === template));
          return { site: makeSite([...pages, { file: example.checked.file, page: { ...page, template } }], rules()), path, brand };
        })();
        articleSites.set(url, made);
      }
      return made;
    },
    catalogue: () => catalogueEntries(registry, validate(), currentVersion(pageMigrations)),
    save,
    samplePath(file) {
      const full = pageFilePath(pagesDir, file);
      let draft: any;
      try {
        draft = parsed(file);
      } catch {
        return Promise.resolve("/"); // a file being edited that is not JSON yet
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
      const segments = file.split("/");
      const brand = segments[0];
      const id = segments[segments.length - 1].replace(/\.json$/, "");
      const schemaRef = `${"../".repeat(segments.length)}schemas/pages.schema.json`;
      let page: Record<string, unknown>;
      if ("copy" in from) {
        if (from.copy === file) throw new SaveRefused("elija otro archivo: la copia no puede reemplazar su original");
        const source = parsed(from.copy);
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

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === "object" && !Array.isArray(value);

/**
 * The smallest changes that turn `before` into `after`: values inside objects one by one; a list
 * whose items kept their places (same length, same block ids) item by item; any other list whole.
 */
export function pageChanges(before: unknown, after: unknown, at: Array<string | number> = []): PageChange[] {
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
