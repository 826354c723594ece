// What the server answers for a reader's URL, without any HTTP framework: the brand from the host,
// then a page definition whose route matches (and that is inside its publication window), else the
// article whose canonical URL it is (with the template the layout rules choose), else the brand's 404
// page. Each answer says how soon a publication window changes it (changesIn).
import { brands, GROUP_HOSTS } from "../brands";
import { safeRedirectTarget } from "../domain/urls";
import { brandIds, DEFAULT_BRAND, type BrandId } from "../domain/brands";
import { ContentCache } from "../runtime/cache";
import { chooseTemplate, type LayoutRules } from "../domain/layout-rules";
import { withPageBlocks } from "../runtime/page-blocks";
import { hasRenderer, type Registry } from "../runtime/registry";
import { redirectLocation, redirectStatus } from "../runtime/redirects";
import { fetchContent, type FetchObserver } from "../runtime/content-fetch";
import { checkParams } from "../runtime/existence-checks";
import { contentKeys, resolveBlock, resolvePage } from "../runtime/resolve";
import { earliest, hasWindow, secondsUntil, windowAt } from "../runtime/schedule";
import { isFileRoute, RouteTable } from "../runtime/routes";
import { HTML_OUTPUT, type Logger, type PageContext, type PageDefinition, type RenderedOutput, type ResolvedBlock, type ResolvedPage } from "../runtime/types";
import { routeShape } from "../runtime/validate";
import type { CheckedPage } from "../tooling/page-files";
import { PAGED_BLOCK_PARAM } from "../blocks/_shared/loadMore";
import { articleAccess, lockedForAnonymous, type EntitlementCheck } from "./paywall";

export const NOT_FOUND_TEMPLATE = "not-found";
/** The page readers get when content cannot be read right now (503). */
export const ERROR_TEMPLATE = "error";

/**
 * Seconds until a publication window changes the answer (a block of the page, the page itself, a page
 * of that route outside its window), absent when none is ahead: caches keep it no longer
 * (docs/decisions/0073-publication-schedules.md).
 */
interface Scheduled {
  changesIn?: number;
}

type SiteAnswer =
  /**
   * `personalized`: the page depends on the reader (their identity decided the paywall): never shared.
   * 503: content could not be read (its source is down); the error page, to be retried.
   */
  | { kind: "page"; status: 200 | 404 | 503; page: ResolvedPage; personalized: boolean }
  /** A trailing slash added, a redirect page (docs/decisions/0022-redirect-pages.md) or a content redirect. */
  | { kind: "redirect"; status: 301 | 302; location: string };

/** What the site may know of the reader: the request's Cookie header (the identity cookie in it). */
interface ReaderRequest {
  cookie?: string | null;
}

/**
 * What an output page (a feed, a sitemap, robots.txt) answers: its body, or a redirect to the
 * route's address with its trailing slash, or 404 when a route parameter names nothing, or 503 when
 * its content could not be read (crawlers retry; nothing empty is cached).
 */
type OutputAnswer =
  | { kind: "output"; status: 200; output: RenderedOutput; page: ResolvedPage }
  | { kind: "redirect"; status: 301; location: string }
  | { kind: "missing"; status: 404 | 503 };

export interface Site {
  registry: Registry;
  cache: ContentCache;
  /** The answer for a reader's request to a brand's site (resolved once per request from its host: brandForHost). */
  answer(url: URL, brand: BrandId, reader?: ReaderRequest): Promise<SiteAnswer & Scheduled>;
  /**
   * The answer when the URL is an output page's route (RSS, sitemaps, robots.txt: always as for an
   * anonymous reader), written on `origin`; undefined for every other URL.
   */
  output(url: URL, brand: BrandId, origin: string): Promise<(OutputAnswer & Scheduled) | undefined>;
  /** How many page definitions the site serves. */
  pageCount(): number;
  /** True for a query-string parameter that changes what the site answers (some block or route reads it). */
  readsQueryParam(name: string): boolean;
  /** The article published at this path on the brand's site (cached), or null. */
  articleAt(path: string, brand: BrandId): Promise<{ brand: BrandId; document: any } | null>;
  /** Load more: one block of a page resolved at a cursor; undefined when there is no such page or block. */
  loadMore(pageId: string, blockId: string, url: URL, brand: BrandId): Promise<ResolvedBlock | null | undefined>;
}

/** The parameters of a load-more request (/_block/<page>/<block>?offset=&path=). */
/**
 * The query parameters of load more: the block endpoint's (offset, path), and a page's own address
 * with one block at a later page of its feed (?bloque=<block id>&offset=<n>: the load-more button
 * followed without script, docs/listings.md#load-more).
 */
const LOAD_MORE_PARAMS = ["offset", "path", PAGED_BLOCK_PARAM];

/** A route's page for a path, if one matched. */
type RouteMatch = ReturnType<RouteTable<PageDefinition>["match"]>;
/** The furthest a feed is paged (items). */
const MAX_OFFSET = 10_000;

/** The block a page's address pages (?bloque=<id>&offset=<n>), when both are well formed. */
function pagedBlock(url: URL): PageContext["paged"] {
  const blockId = url.searchParams.get(PAGED_BLOCK_PARAM);
  const offset = Number(url.searchParams.get("offset"));
  if (!blockId || !/^[a-z0-9][a-z0-9-]{0,99}$/.test(blockId) || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) return undefined;
  return { blockId, offset };
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
  /** The clock (tests fix it): the news sitemap's 48 hours and the feeds' build dates count from it. */
  now?: () => Date;
  /** The server's traces and metrics of the sources' fetches (server/telemetry). */
  observer?: FetchObserver;
}): Site {
  const { registry, layoutRules, logger } = options;
  const cache = options.cache ?? new ContentCache(undefined, { logger });
  const resolveOptions = { registry, cache, logger, timeoutMs: options.timeoutMs, observer: options.observer };
  const templates = new Map<string, PageDefinition>();
  const byId = new Map<string, PageDefinition>();
  for (const { page } of options.pages) {
    byId.set(page.id, page);
    if (page.template) templates.set(`${page.brand}:${page.template}`, page);
  }
  // Each brand's routes: its own pages, then the group's pages (allBrands) for routes it does not define;
  // behind a page of its own with a publication window, the group's page answers outside that window.
  const routes = new Map<string, RouteTable<PageDefinition>>();
  const routed = options.pages.map(({ page }) => page).filter((page) => page.route);
  for (const brand of brandIds) {
    const table = new RouteTable<PageDefinition>();
    const own = routed.filter((page) => page.brand === brand);
    const shapes = new Set(own.map((page) => routeShape(page.route!)));
    const always = new Set(own.filter((page) => !hasWindow(page)).map((page) => routeShape(page.route!)));
    for (const page of own) table.add(page.route!, page);
    for (const page of routed) {
      const shape = routeShape(page.route!);
      if (page.allBrands && page.brand !== brand && !always.has(shape)) table.add(page.route!, page, shapes.has(shape));
    }
    routes.set(brand, table);
  }
  // The page as a brand serves it: with the blocks the brand puts on every page (docs/brands.md#brand-wide-blocks),
  // computed once per brand and page.
  const brandPages = new Map<string, PageDefinition>();
  const forBrand = (page: PageDefinition, brand: BrandId): PageDefinition => {
    const key = `${brand}\n${page.id}`;
    let served = brandPages.get(key);
    if (!served) brandPages.set(key, (served = withPageBlocks({ ...page, brand }, brands[brand].everyPage ?? [], registry.layouts)));
    return served;
  };
  const template = (brand: string, name: string) => templates.get(`${brand}:${name}`) ?? templates.get(`${DEFAULT_BRAND}:${name}`);
  const clock = options.now ?? (() => new Date());
  /** A page inside its publication window now (docs/decisions/0073-publication-schedules.md). */
  const isLive = (page: PageDefinition) => windowAt(page, clock().getTime()).state === "live";
  const contextFor = (brand: string, url: URL, params: Record<string, string> = {}): PageContext => ({
    brand,
    path: url.pathname,
    params,
    query: Object.fromEntries(url.searchParams),
    // The URL names the origin the request was served at (server/http/site-origin.ts).
    origin: url.origin,
    now: clock(),
    ...(logger ? { log: logger } : {}),
  });
  const isOutput = (page: PageDefinition) => (page.outputType ?? HTML_OUTPUT) !== HTML_OUTPUT;

  /** The document whose canonical URL is exactly this path, or null; the answer's content keys go into `keys`. */
  async function lookupDocument(brand: BrandId, url: string, keys: string[] = []): Promise<any> {
    const outcome = await fetchContent({ source: "content-by-url", query: { website: brand, url } }, resolveOptions);
    if (!outcome.ok) throw new Error(`no se pudo buscar el artículo: ${outcome.error}`);
    keys.push(...(outcome.keys ?? []));
    return outcome.value ?? null;
  }

  /** The document whose canonical URL this is (with or without the trailing slash), or null. */
  async function article(brand: BrandId, pathname: string, keys?: string[]): Promise<any> {
    return (await lookupDocument(brand, pathname, keys)) ?? (pathname.endsWith("/") ? null : await lookupDocument(brand, pathname + "/", keys));
  }

  /** The page with the content keys of the lookups made before it was resolved (its article's). */
  function withKeys(page: ResolvedPage, keys: string[]): ResolvedPage {
    return keys.length ? { ...page, keys: contentKeys([{ keys }, page]) } : page;
  }

  async function unavailable(brand: BrandId, url: URL): Promise<SiteAnswer> {
    const page = template(brand, ERROR_TEMPLATE);
    if (!page) throw new Error(`falta la plantilla «${ERROR_TEMPLATE}» de la marca ${DEFAULT_BRAND}`);
    return { kind: "page", status: 503, page: await resolvePage(forBrand(page, brand), contextFor(brand, url), resolveOptions), personalized: false };
  }

  async function notFound(brand: BrandId, url: URL): Promise<SiteAnswer> {
    const page = template(brand, NOT_FOUND_TEMPLATE);
    if (!page) throw new Error(`falta la plantilla «${NOT_FOUND_TEMPLATE}» de la marca ${DEFAULT_BRAND}`);
    return { kind: "page", status: 404, page: await resolvePage(forBrand(page, brand), contextFor(brand, url), resolveOptions), personalized: false };
  }

  /**
   * A brand's page for a path among those inside their publication window at `now`, and the next
   * instant that may change which page it is: the window's end of the page found, or the opening of
   * a page passed over.
   */
  const matchLive = (brand: BrandId, path: string, now: Date) => {
    let changesAt: number | undefined;
    const live = (page: PageDefinition) => {
      const window = windowAt(page, now.getTime());
      changesAt = earliest(changesAt, window.next);
      return window.state === "live";
    };
    return { match: routes.get(brand)?.match(path, live), changesAt };
  };

  /** An answer with the seconds until a window changes it: the route's (`changesAt`) or its page's blocks'. */
  function scheduled<A extends SiteAnswer | OutputAnswer>(answer: A & Scheduled, changesAt: number | undefined, now: Date): A & Scheduled {
    const page = "page" in answer ? answer.page : undefined;
    const seconds = secondsUntil(earliest(changesAt, page?.changesAt?.getTime()), (page?.context.now ?? now).getTime());
    const changesIn = earliest(answer.changesIn, seconds);
    return changesIn === undefined ? answer : { ...answer, changesIn };
  }

  /** The answer for a path once routed: the page that matched (inside its window), if any. */
  async function answerMatch(url: URL, brand: BrandId, reader: ReaderRequest, match: RouteMatch): Promise<SiteAnswer> {
    // Output pages are answered by output() before; a request that reaches here for one names no page.
    if (match && isOutput(match.value)) return notFound(brand, url);
    let document: any;
    /** The content keys of the article lookups: the page shows that document. */
    const lookupKeys: string[] = [];
    if (match && !url.pathname.endsWith("/")) {
      // A document another newsroom published at this very path ("https://…/mundo/slug.html") is
      // served there, where cards link, with no redirect (docs/article-pages.md#content-from-other-newsrooms);
      // any other address of a route takes its trailing slash (also when the lookup fails: the
      // address with the slash answers for the source).
      document = await lookupDocument(brand, url.pathname, lookupKeys).catch(() => null);
      // Never "//host/": a path with leading slashes would send the reader to another site.
      if (!document) return { kind: "redirect", status: 301, location: `/${url.pathname.replace(/^\/+/, "")}/${url.search}` };
    } else if (match) {
      const paged = pagedBlock(url);
      const context = { ...contextFor(brand, url, match.params), ...(paged ? { paged } : {}) };
      // A parameter that names nothing (an unknown section, tag or author) is a 404, found with one
      // cached fetch before anything else is resolved.
      if ((await checkParams(match.value, context, resolveOptions)).status !== "missing") {
        const { redirect } = match.value;
        if (!redirect)
          return { kind: "page", status: 200, page: await resolvePage(forBrand(match.value, brand), context, resolveOptions), personalized: false };
        // A redirect page: its URL (checked when the pages were loaded) with the parameters filled in
        // and the query string kept, checked again as sent.
        const location = safeRedirectTarget(redirectLocation(redirect, match.params, url.search), GROUP_HOSTS);
        if (location) return { kind: "redirect", status: redirectStatus(redirect), location };
        logger?.warn("redirección de página rechazada", { pageId: match.value.id, path: url.pathname });
        return notFound(brand, url);
      }
      // Not a section, tag or author: perhaps a document another newsroom published at that path
      // ("/watch", "/news/"), served like any article; else the 404 below.
    }
    try {
      document ??= await article(brand, url.pathname, lookupKeys);
    } catch (error) {
      // The content source is down or slow: say so (503, to be retried), in the brand's look.
      logger?.error("falló la búsqueda del artículo", { error: (error as Error).message });
      return unavailable(brand, url);
    }
    if (!document) return notFound(brand, url);
    const redirect = document.related_content?.redirect?.[0]?.redirect_url;
    if (redirect !== undefined) {
      // Only to this group's sites: content must not turn the site into an open redirect.
      const location = safeRedirectTarget(redirect, GROUP_HOSTS);
      if (location) return { kind: "redirect", status: 301, location };
      logger?.warn("redirección de contenido rechazada", { path: url.pathname, redirect: String(redirect).slice(0, 200) });
      return notFound(brand, url);
    }
    const name = chooseTemplate(layoutRules, document);
    const page = template(brand, name) ?? template(brand, layoutRules.default);
    if (!page) throw new Error(`falta la plantilla «${name}»`);
    const { access, personalized } = await articleAccess(document, reader.cookie, options.entitlement, logger);
    // isLocked: whether the article is for subscribers whoever reads it (its structured data says so).
    const context = { ...contextFor(brand, url), article: document, access, isLocked: lockedForAnonymous };
    return { kind: "page", status: 200, page: withKeys(await resolvePage(forBrand(page, brand), context, resolveOptions), lookupKeys), personalized };
  }

  /** The answer of an output page (its route matched, inside its window). */
  async function answerOutput(url: URL, brand: BrandId, origin: string, match: NonNullable<RouteMatch>): Promise<OutputAnswer & Scheduled> {
    const renderer = registry.outputTypes.get(match.value.outputType!);
    if (!hasRenderer(renderer)) throw new Error(`tipo de salida sin renderizador: ${match.value.outputType}`);
    if (!isFileRoute(match.route) && !url.pathname.endsWith("/")) {
      return { kind: "redirect", status: 301, location: `/${url.pathname.replace(/^\/+/, "")}/${url.search}` };
    }
    // A feed is read by machines, never by a signed-in reader: every locked body stays out of it.
    const table = routes.get(brand)!;
    const routable = (path: string) => {
      const found = table.match(path, isLive);
      return !!found && !isOutput(found.value) && !found.value.redirect;
    };
    const context: PageContext = { ...contextFor(brand, url, match.params), isLocked: lockedForAnonymous, routable };
    const verdict = await checkParams(match.value, context, resolveOptions);
    if (verdict.status === "missing") return { kind: "missing", status: 404 };
    const page = await resolvePage({ ...match.value, brand }, context, resolveOptions);
    // Content that could not be read is a 503 to retry, not an empty feed that crawlers would keep.
    const failed = page.diagnostics.some((d) => d.skipped === "fetch-failed" || d.skipped === "timeout");
    const rendered = Object.values(page.regions).some((blocks) => blocks.length > 0);
    if (failed && (!rendered || verdict.status === "unknown")) return { kind: "missing", status: 503 };
    if (!rendered && renderer.notFoundWhenEmpty) return scheduled({ kind: "missing", status: 404 }, page.changesAt?.getTime(), context.now!);
    return { kind: "output", status: 200, output: renderer.render(page, { origin, now: context.now! }), page };
  }

  return {
    registry,
    cache,
    async answer(url, brand, reader = {}) {
      const now = clock();
      const { match, changesAt } = matchLive(brand, url.pathname, now);
      return scheduled(await answerMatch(url, brand, reader, match), changesAt, now);
    },
    async output(url, brand, origin) {
      const now = clock();
      const { match, changesAt } = matchLive(brand, url.pathname, now);
      if (!match || !isOutput(match.value)) return undefined;
      return scheduled(await answerOutput(url, brand, origin, match), changesAt, now);
    },
    pageCount: () => byId.size,
    async articleAt(path, brand) {
      const document = await article(brand, path);
      return document ? { brand, document } : null;
    },
    readsQueryParam: (name) => registry.queryParams.has(name) || LOAD_MORE_PARAMS.includes(name),
    async loadMore(pageId, blockId, url, brand) {
      const definition = byId.get(pageId);
      if (!definition || (definition.brand !== brand && !definition.template && !definition.allBrands) || !isLive(definition)) return undefined;
      const page = forBrand(definition, brand);
      const offset = Number(url.searchParams.get("offset"));
      if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) return undefined;
      // The page's own URL (?path=) gives back its route parameters, e.g. the section of /mundo/.
      const pageUrl = new URL(url.searchParams.get("path") || "/", url);
      const match = routes.get(brand)?.match(pageUrl.pathname, isLive);
      const params = match?.value.id === pageId ? match.params : {};
      const context = { ...contextFor(brand, pageUrl, params), cursor: { offset } };
      const { block, diagnostic } = await resolveBlock(page, blockId, context, resolveOptions);
      if (!diagnostic) return undefined;
      return block ?? null;
    },
  };
}
