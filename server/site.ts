// What the server answers for a reader's URL, without any HTTP framework: the brand from the host,
// then a page definition whose route matches, else the article whose canonical URL it is (with the
// template the layout rules choose), else the brand's 404 page.
import fs from "node:fs";
import path from "node:path";
import { brandForHost } from "../brands";
import { brandIds, DEFAULT_BRAND, type BrandId } from "../domain/brands";
import { ContentCache } from "../runtime/cache";
import { chooseTemplate, layoutRulesSchema, type LayoutRules } from "../runtime/layout-rules";
import type { Registry } from "../runtime/registry";
import { checkParams, fetchContent, resolveBlock, resolvePage } from "../runtime/resolve";
import { RouteTable } from "../runtime/routes";
import type { Logger, PageContext, PageDefinition, ResolvedBlock, ResolvedPage } from "../runtime/types";
import { formatProblem, routeShape, type CheckedPage } from "../runtime/validate";
import { articleAccess, type EntitlementCheck } from "./paywall";
import { listPageFiles, pagesDir, projectValidator } from "./project";

export const NOT_FOUND_TEMPLATE = "not-found";

export type SiteAnswer =
  /** `personalized`: the page depends on the reader (their identity decided the paywall): never shared. */
  | { kind: "page"; status: 200 | 404; page: ResolvedPage; personalized: boolean }
  | { kind: "redirect"; status: 301; location: string };

/** What the site may know of the reader: the request's Cookie header (the identity cookie in it). */
export interface ReaderRequest {
  cookie?: string | null;
}

export interface Site {
  registry: Registry;
  cache: ContentCache;
  /** The answer for a reader's request. */
  answer(url: URL, host: string | null, reader?: ReaderRequest): Promise<SiteAnswer>;
  /** The article published at this path on the host's brand (cached), or null. */
  articleAt(path: string, host: string | null): Promise<{ brand: BrandId; document: any } | null>;
  /** Load more: one block of a page resolved at a cursor; undefined when there is no such page or block. */
  loadMore(pageId: string, blockId: string, url: URL, host: string | null): Promise<ResolvedBlock | null | undefined>;
}

export class InvalidPagesError extends Error {}

/** Validates every page definition once, at start-up; refuses to start with a broken page. */
export function loadPages(registry: Registry, dir = pagesDir): CheckedPage[] {
  const files = listPageFiles(dir);
  const { pages, problems } = projectValidator(registry).checkAll(
    files.map((file) => ({ file: path.relative(process.cwd(), file), text: fs.readFileSync(file, "utf8") })),
  );
  if (problems.length) {
    throw new InvalidPagesError(`definiciones de página con problemas (npm run validate:pages):\n${problems.map(formatProblem).join("\n")}`);
  }
  return pages;
}

export function loadLayoutRules(dir = pagesDir): LayoutRules {
  return layoutRulesSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, "layout-rules.json"), "utf8")));
}

export function createSite(options: {
  registry: Registry;
  pages: CheckedPage[];
  layoutRules: LayoutRules;
  cache?: ContentCache;
  logger?: Logger;
  timeoutMs?: number;
  /** The accounts service's entitlement check; without it, locked articles show every reader the preview. */
  entitlement?: EntitlementCheck;
}): Site {
  const { registry, layoutRules, logger } = options;
  const cache = options.cache ?? new ContentCache(undefined, { logger });
  const resolveOptions = { registry, cache, logger, timeoutMs: options.timeoutMs };
  const templates = new Map<string, PageDefinition>();
  const byId = new Map<string, PageDefinition>();
  for (const { page } of options.pages) {
    byId.set(page.id, page);
    if (page.template) templates.set(`${page.brand}:${page.template}`, page);
  }
  // Each brand's routes: its own pages, then the group's pages (allBrands) for routes it does not define.
  const routes = new Map<string, RouteTable<PageDefinition>>();
  const routed = options.pages.map(({ page }) => page).filter((page) => page.route);
  for (const brand of brandIds) {
    const table = new RouteTable<PageDefinition>();
    const own = routed.filter((page) => page.brand === brand);
    const shapes = new Set(own.map((page) => routeShape(page.route!)));
    for (const page of own) table.add(page.route!, page);
    for (const page of routed) if (page.allBrands && page.brand !== brand && !shapes.has(routeShape(page.route!))) table.add(page.route!, page);
    routes.set(brand, table);
  }
  const template = (brand: string, name: string) => templates.get(`${brand}:${name}`) ?? templates.get(`${DEFAULT_BRAND}:${name}`);
  const contextFor = (brand: string, url: URL, params: Record<string, string> = {}): PageContext => ({
    brand,
    path: url.pathname,
    params,
    query: Object.fromEntries(url.searchParams),
  });

  /** The document whose canonical URL this is (with or without the trailing slash), or null. */
  async function article(brand: BrandId, pathname: string): Promise<any> {
    const lookup = async (url: string) => {
      const outcome = await fetchContent({ source: "content-by-url", query: { website: brand, url } }, resolveOptions);
      if (!outcome.ok) throw new Error(`no se pudo buscar el artículo ${url}: ${outcome.error}`);
      return outcome.value ?? null;
    };
    return (await lookup(pathname)) ?? (pathname.endsWith("/") ? null : await lookup(pathname + "/"));
  }

  async function notFound(brand: BrandId, url: URL): Promise<SiteAnswer> {
    const page = template(brand, NOT_FOUND_TEMPLATE);
    if (!page) throw new Error(`falta la plantilla «${NOT_FOUND_TEMPLATE}» de la marca ${DEFAULT_BRAND}`);
    return { kind: "page", status: 404, page: await resolvePage({ ...page, brand }, contextFor(brand, url), resolveOptions), personalized: false };
  }

  return {
    registry,
    cache,
    async answer(url, host, reader = {}) {
      const brand = brandForHost(host).id;
      const match = routes.get(brand)?.match(url.pathname);
      if (match) {
        if (!url.pathname.endsWith("/")) return { kind: "redirect", status: 301, location: url.pathname + "/" + url.search };
        const context = contextFor(brand, url, match.params);
        // A parameter that names nothing (an unknown section, tag or author) is a 404, found with one
        // cached fetch before anything else is resolved.
        if ((await checkParams(match.value, context, resolveOptions)).status === "missing") return notFound(brand, url);
        return { kind: "page", status: 200, page: await resolvePage({ ...match.value, brand }, context, resolveOptions), personalized: false };
      }
      let document: any;
      try {
        document = await article(brand, url.pathname);
      } catch (error) {
        logger?.error("falló la búsqueda del artículo", { path: url.pathname, error: (error as Error).message });
        throw error;
      }
      if (!document) return notFound(brand, url);
      const redirect = document.related_content?.redirect?.[0]?.redirect_url;
      if (typeof redirect === "string" && redirect) return { kind: "redirect", status: 301, location: redirect };
      const name = chooseTemplate(layoutRules, document);
      const page = template(brand, name) ?? template(brand, layoutRules.default);
      if (!page) throw new Error(`falta la plantilla «${name}»`);
      const { access, personalized } = await articleAccess(document, reader.cookie, options.entitlement, logger);
      const context = { ...contextFor(brand, url), article: document, access };
      return { kind: "page", status: 200, page: await resolvePage({ ...page, brand }, context, resolveOptions), personalized };
    },
    async articleAt(path, host) {
      const brand = brandForHost(host).id;
      const document = await article(brand, path);
      return document ? { brand, document } : null;
    },
    async loadMore(pageId, blockId, url, host) {
      const brand = brandForHost(host).id;
      const definition = byId.get(pageId);
      if (!definition || (definition.brand !== brand && !definition.template && !definition.allBrands)) return undefined;
      const page = { ...definition, brand };
      const offset = Number(url.searchParams.get("offset"));
      if (!Number.isInteger(offset) || offset < 0 || offset > 10_000) return undefined;
      // The page's own URL (?path=) gives back its route parameters, e.g. the section of /mundo/.
      const pageUrl = new URL(url.searchParams.get("path") || "/", url);
      const match = routes.get(brand)?.match(pageUrl.pathname);
      const params = match?.value.id === pageId ? match.params : {};
      const context = { ...contextFor(brand, pageUrl, params), cursor: { offset } };
      const { block, diagnostic } = await resolveBlock(page, blockId, context, resolveOptions);
      if (!diagnostic) return undefined;
      return block ?? null;
    },
  };
}
