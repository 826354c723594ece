// Where the page editor's preview shows a page by default (docs/decisions/0018-editor-tools.md): a
// route page at its route, with its parameters filled in by values that exist in the content store
// and lead to this very page (a static page of the same brand wins over "/:section/", so "/nacion/"
// would preview another page); an article template at an article of its brand that the layout rules
// give that template (chooseTemplate, as a reader's request does); the 404 template at an address
// that names nothing.
import type { ContentStore } from "../content/store";
import { chooseTemplate, type LayoutRules } from "../../domain/layout-rules";
import { RouteTable } from "../../runtime/routes";
import type { PageDefinition } from "../../runtime/types";

/** An address that no page or article answers: the not-found template's preview. */
const NOWHERE_PATH = "/esta-direccion-no-existe/";

/** How many of a brand's newest documents are looked at for an article of a template. */
const ARTICLES_SCANNED = 400;
/** How many existing values of a parameter are tried. */
const VALUES_TRIED = 200;

type Draft = Pick<PageDefinition, "id" | "brand" | "route" | "template" | "allBrands" | "params">;

const parse = (document: unknown): any => {
  if (typeof document !== "string") return document;
  try {
    return JSON.parse(document);
  } catch {
    return null;
  }
};

/** The route with every parameter replaced by `value(name)`; the splat and a trailing "*" dropped. */
function fill(route: string, value: (name: string) => string): string {
  return route
    .split("/")
    .map((segment) => (segment === "*" ? "" : segment.startsWith(":") ? value(segment.slice(1).replace(/\*$/, "")) : segment))
    .join("/")
    .replace(/\/{2,}/g, "/");
}

/**
 * The preview address of `page` (saved at `file`, among `pages`). Never throws for content: a store
 * that is missing or fails leaves the route with its parameter names, or "/".
 */
export async function samplePath(options: {
  page: Draft;
  file: string;
  pages: Array<{ file: string; page: Draft }>;
  layoutRules?: LayoutRules;
  store?: ContentStore;
}): Promise<string> {
  const { page, store } = options;
  if (typeof page.route === "string") {
    if (!page.route.includes(":") && !page.route.includes("*")) return page.route;
    const table = new RouteTable<string>();
    const others = options.pages.filter(({ file, page: other }) => file !== options.file && other.brand === page.brand && typeof other.route === "string");
    for (const { file, page: other } of others) table.add(other.route!, file);
    table.add(page.route, options.file);
    const leadsHere = (path: string) => table.match(path)?.value === options.file;
    for (const path of await candidatePaths(page, store).catch(() => [])) if (leadsHere(path)) return path;
    return fill(page.route, (name) => name);
  }
  if (page.template === "not-found") return NOWHERE_PATH;
  if (typeof page.template === "string" && options.layoutRules && store) {
    const found = await articleFor(store, page.brand, page.template, options.layoutRules).catch(() => undefined);
    if (found) return found;
  }
  return "/";
}

/** Addresses built from values of the route's parameters that exist (newest first). */
async function candidatePaths(page: Draft, store: ContentStore | undefined): Promise<string[]> {
  if (!store) return [];
  const route = page.route!;
  const names = route
    .split("/")
    .filter((segment) => segment.startsWith(":"))
    .map((segment) => segment.slice(1).replace(/\*$/, ""));
  const kinds = new Set(names.map((name) => page.params?.[name]?.mustExist ?? "section"));
  const newest = (terms: Array<{ id: string; lastmod: string }>) =>
    [...terms]
      .sort((a, b) => b.lastmod.localeCompare(a.lastmod))
      .slice(0, VALUES_TRIED)
      .map((term) => term.id);
  const paths: string[] = [];
  // Section pages: the whole address names the section ("/deportes/futbol/"), whatever the parameters.
  if (kinds.has("section") || kinds.has("section-id")) {
    const sections = newest(await store.taxonomyTerms(page.brand, "sections"));
    paths.push(...sections.map((id) => `/${id.replace(/^\/+|\/+$/g, "")}/`));
    if (names.length === 1) paths.push(...sections.map((id) => fill(route, () => id.replace(/^\/+|\/+$/g, ""))));
  }
  // One parameter naming a tag, an author or a month: the route with each existing value.
  if (names.length === 1) {
    const kind = [...kinds][0];
    const values =
      kind === "tag" || kind === "author"
        ? newest(await store.taxonomyTerms(page.brand, kind === "tag" ? "tags" : "authors"))
        : kind === "month"
          ? (await store.publishedMonths(page.brand)).map((month) => month.month).reverse()
          : [];
    paths.push(...values.map((value) => fill(route, () => encodeURIComponent(value))));
  }
  return paths;
}

/** The address of a brand's newest article whose sections the layout rules give `template`. */
/** The path of a newest article of `brand` that the layout rules give `template`. */
export async function articleFor(store: ContentStore, brand: string, template: string, rules: LayoutRules): Promise<string | undefined> {
  const usable = (document: any) =>
    document &&
    typeof document.canonical_url === "string" &&
    !document.related_content?.redirect?.length &&
    chooseTemplate(rules, document) === template &&
    document.canonical_url;
  // First the sections the template's rules name (a narrow, indexed query), then the newest of all.
  const sections = rules.rules
    .filter((rule) => rule.template === template)
    .flatMap((rule) => rule.when.flatMap((c) => [...(c.section ?? []), ...(c.primarySection ?? [])]));
  const filters = [...(sections.length ? [{ brand, sections }] : []), { brand }];
  for (const filter of filters) {
    const { documents } = await store.findDocuments(filter, { size: ARTICLES_SCANNED, offset: 0, sort: "publish_date:desc" });
    for (const document of documents) {
      const found = usable(parse(document));
      if (found) return found;
    }
  }
  return undefined;
}
