// The sites that answer the block catalogue's pages (/_bloques/): its one-block pages beside the
// editors' pages, every block with its sources answering nothing or failing, and the examples that
// read the article shown on an article of their brand. Built when first asked, dropped on a reload.
import type { LayoutRules } from "../../domain/layout-rules";
import { ContentCache } from "../../runtime/cache";
import type { Registry } from "../../runtime/registry";
import type { CheckedPage, PageValidator } from "../../tooling/page-files";
import { currentVersion } from "../../tooling/migrate";
import { buildSettingsSchemas } from "../../tooling/schema-builder";
import type { ContentStore } from "../content/store";
import { pageMigrations } from "../page-migrations";
import { schemaInput } from "../project";
import type { Site } from "../site";
import { cataloguePages } from "./catalogue";
import type { SiteFactory } from "./live-site";
import { articleFor } from "./samples";

/** The site of the catalogue's one-block pages, and what it knows of each. */
interface CatalogueSite {
  site: Site;
  pages: CheckedPage[];
  brandOf: (route: string) => string | undefined;
  /** The examples that read the article, by catalogue address. */
  articles: Map<string, { checked: CheckedPage; template?: string }>;
}

/** The states of a block the catalogue shows besides its examples. */
export const CATALOGUE_STATES = ["vacio", "error"] as const;
type CatalogueState = (typeof CATALOGUE_STATES)[number];

export interface CatalogueSites {
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
}

/** The registry with every source answering nothing, or failing, for the catalogue's states. */
function registryInState(registry: Registry, state: CatalogueState): Registry {
  const answer = state === "error" ? () => Promise.reject(new Error("la fuente no responde (estado de error del catálogo)")) : () => Promise.resolve(null);
  return { ...registry, sources: new Map([...registry.sources].map(([name, source]) => [name, { ...source, fetch: answer }])) };
}

/** The catalogue's sites over the editors' good pages and layout rules as they are when first asked; `clear` forgets them. */
export function catalogueSites(options: {
  registry: Registry;
  makeSite: SiteFactory;
  validate: () => PageValidator;
  /** The editors' pages as last validated without problems. */
  goodPages: () => CheckedPage[];
  rules: () => LayoutRules;
  store?: ContentStore;
}): CatalogueSites & { clear(): void } {
  const { registry, makeSite, validate, goodPages, rules, store } = options;
  let catalogued: CatalogueSite | undefined;
  const stateSites = new Map<CatalogueState, Site>();
  const articleSites = new Map<string, Promise<{ site: Site; path: string; brand: string } | undefined>>();

  function catalogueSite(): CatalogueSite {
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
      const pages = [...goodPages(), ...extra.map(({ checked }) => checked)];
      catalogued = { site: makeSite(pages, rules()), pages, brandOf: (route) => brands.get(route), articles };
    }
    return catalogued;
  }

  function catalogueState(state: CatalogueState): Site {
    let made = stateSites.get(state);
    if (!made) {
      // Its own content cache: the shared one would answer with what it holds (or serve it stale on an error).
      made = makeSite(catalogueSite().pages, rules(), { registry: registryInState(registry, state), cache: new ContentCache() });
      stateSites.set(state, made);
    }
    return made;
  }

  function catalogueArticle(url: string): Promise<{ site: Site; path: string; brand: string } | undefined> {
    const example = catalogueSite().articles.get(url);
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
        const pages = goodPages().filter((other) => !(other.page.brand === brand && other.page.template === template));
        return { site: makeSite([...pages, { file: example.checked.file, page: { ...page, template } }], rules()), path, brand };
      })();
      articleSites.set(url, made);
    }
    return made;
  }

  return {
    catalogueSite,
    catalogueState,
    catalogueArticle,
    clear() {
      catalogued = undefined;
      articleSites.clear();
      stateSites.clear();
    },
  };
}
