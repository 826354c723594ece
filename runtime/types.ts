// The contracts between the runtime, the blocks, the content sources and the host framework.
// Nothing here knows a particular block, source, brand or framework (docs/decisions/0001-block-contract.md).
import type { ComponentType, ReactNode } from "react";
import type { z } from "zod";

/** What a block's server half knows about the request. It stays on the server. */
/** A JSON Schema document (block settings, page definitions), as parsed JSON. */
export type JsonSchema = Record<string, any>;

export interface PageContext {
  /** Brand id, e.g. "semana". */
  brand: string;
  /** URL path of the request, e.g. "/nacion/articulo/...". */
  path: string;
  /** Parameters captured by the page's route, e.g. { section: "nacion" } for "/seccion/:section/". */
  params: Record<string, string>;
  /** Query-string parameters (first value of each). */
  query: Record<string, string>;
  /** The content document of an article page, when there is one. Blocks read it in their transform. */
  article?: unknown;
  /** What the reader may see of the article, decided on the server before resolution. */
  access?: ContentAccess;
  /** Set on "load more" requests: where the next page of a block's feed starts. */
  cursor?: { offset: number };
  /**
   * A page asked for with one of its blocks at a later page of its feed (a load-more button followed
   * without script, docs/listings.md#load-more): that block alone is resolved with this cursor.
   */
  paged?: { blockId: string; offset: number };
  /**
   * Whether a document's body is locked for this request: output pages (feeds) list many documents,
   * and the server applies the paywall's rules to each (docs/decisions/0011-paywall.md). Absent,
   * every body counts as locked.
   */
  isLocked?: (document: unknown) => boolean;
  /**
   * Whether a path is answered by one of the brand's page routes (output pages: a sitemap of section,
   * tag or author pages lists only addresses the site serves). Absent: every path counts.
   */
  routable?: (path: string) => boolean;
  /** When the request is answered (the server's clock; tests fix it). Absent: the current time. */
  now?: Date;
  /**
   * The origin the page is served at ("https://www.soho.co", "http://soho.localhost:3000": what the
   * reader's address bar says, behind trusted proxies). The one origin of every absolute link to the
   * site's own pages: the canonical link, structured data, share links. Absent in tests and tools.
   */
  origin?: string;
  /**
   * The site's logger, for what a block's server half must tell operators (a malformed content
   * element left out). Absent in tests and tools: nothing is written.
   */
  log?: Logger;
}

/**
 * What the reader may see of an article. A locked article shows this reader a preview and the
 * subscription notice: the rest of the body never leaves the server.
 */
export interface ContentAccess {
  locked: boolean;
  /** The request carried the reader's identity (signed in), whatever the outcome. */
  signedIn: boolean;
}

/** One named content fetch of a block: which source, with which query. */
export interface FetchSpec {
  source: string;
  query: Record<string, unknown>;
  /** When true, a failure of this fetch leaves its data undefined instead of skipping the block. */
  optional?: boolean;
}

export type BlockFetches = Record<string, FetchSpec>;

/**
 * The server half of a block (blocks/<type>/index.server.ts): what it fetches, how the answers
 * become the data its component renders, and when there is nothing to show. It never reaches the
 * browser. A block without a server half renders from its settings alone.
 */
export interface BlockServer<S = any, D = any> {
  /**
   * The output types whose pages may hold this block (docs/decisions/0016-output-types.md): "html"
   * (the default) for blocks with a component, e.g. "rss" or "sitemap" for blocks whose data a
   * renderer writes.
   */
  outputTypes?: readonly string[];
  /**
   * The query-string parameters the block reads (context.query holds these and no others). The page
   * cache keys a page on the parameters some block reads, so every other one names the same page.
   */
  queryParams?: readonly string[];
  /** Zero or more named fetches computed from the settings and the page context. */
  fetch?: (settings: S, context: PageContext) => BlockFetches;
  /**
   * Fetches the block can name only from the answers of its first ones (a navigation tree names the
   * sections whose videos a row shows): a second round, run once every first fetch of the page has
   * answered, all at once and merged like the first. Their answers join the first ones under their
   * own names (which must differ from the first ones'). Not asked when a required first fetch failed.
   */
  followUp?: (answers: Record<string, any>, settings: S, context: PageContext) => BlockFetches;
  /**
   * Reduces the fetched answers (keyed by fetch name) and the context to exactly what the component
   * renders: this is what travels to the browser. Required when the block fetches.
   */
  transform?: (data: Record<string, any>, settings: S, context: PageContext) => D;
  /** True when there is nothing to show. Default: every fetch returned no items. */
  isEmpty?: (data: D, settings: S) => boolean;
  /**
   * What a schema cannot check in the settings (an iframe's host, a link's scheme): each problem
   * names the setting it is about; the validator reports it at that setting's line.
   */
  settingsProblems?: (settings: S) => Array<{ setting: string; message: string }>;
}

/** What a block's component receives: its identity, its settings and its transformed data, nothing else. */
export interface BlockProps<S = any, D = any> {
  /** The block's id within its page (unique per page). */
  id: string;
  pageId: string;
  settings: S;
  data: D;
}

/**
 * Common settings that the runtime's block frame applies itself, whatever the block: CSS classes
 * an editor adds to the block's container (schemas/block-settings.schema.json). Every block shown on
 * an HTML page accepts them without naming them in its schema.json; blocks never read them.
 */
export const FRAME_SETTINGS = ["addClass", "classes"] as const;

/**
 * Common settings that the runtime applies itself, whatever the block: the block's publication window
 * beside `published` (docs/decisions/0073-publication-schedules.md). Every block accepts them without
 * naming them in its schema.json; blocks never read them.
 */
export const SCHEDULE_SETTINGS = ["publishFrom", "publishUntil"] as const;

/**
 * When something is shown (a block's settings, a page): from `publishFrom` (included) until
 * `publishUntil` (excluded), ISO 8601 date-times with an explicit offset; an absent end is open.
 */
export interface PublicationWindow {
  publishFrom?: string;
  publishUntil?: string;
}

/** The browser half of a block (blocks/<type>/index.tsx): its React component. */
export type BlockView<S = any, D = any> = ComponentType<BlockProps<S, D>>;

/**
 * The browser code of a block that is not hydrated (blocks/<type>/enhance.ts): it works on the
 * block's server HTML (its frame element), without React — a carousel, a load-more button. An
 * enhancer that loads more code first returns a promise settled once its listeners are in place, so
 * that the page's `data-enhanced` mark means the behaviour is there.
 */
export type BlockEnhancer = (frame: HTMLElement) => void | Promise<void>;

/** The declaration of a named content source: what the validator needs, no I/O. */
export interface ContentSourceDeclaration<Q = any> {
  name: string;
  /** zod schema of the query; unknown parameters must be rejected (z.strictObject). */
  query: z.ZodType<Q, any>;
  /** Seconds a cached answer counts as fresh. */
  ttlSeconds: number;
  /** Seconds fresh for this query, when that depends on the query (a past month changes less than this one). */
  ttlFor?: (query: Q) => number;
  /** Seconds after the TTL during which a stale answer is served while it is refetched. Default: ttlSeconds * 10. */
  staleSeconds?: number;
  /** Milliseconds before a fetch counts as timed out. Default: the resolver's timeout. */
  timeoutMs?: number;
  /**
   * Whether an answer holds nothing to show, for blocks without an isEmpty of their own. Default:
   * nothing, or an empty list; a source whose answers wrap their items says how to tell.
   */
  hasNoItems?: (answer: unknown) => boolean;
}

/** A content source with a backend: the declaration plus its fetch. */
export interface ContentSource<Q = any, R = unknown> extends ContentSourceDeclaration<Q> {
  /**
   * Resolves with the answer or rejects; never resolves with undefined. `parsed` says the query was
   * already parsed by `query` (the resolver does, once per cache miss): the source need not again.
   */
  fetch: (query: Q, options: { signal: AbortSignal; parsed?: boolean }) => Promise<R>;
}

/**
 * How the server tells, with one cached fetch, whether a route parameter names something that
 * exists (a section, a tag, an author), before it resolves the page.
 */
export interface ExistenceCheck {
  name: string;
  /** A value that names something, for the validator's sample context (default "ejemplo"). */
  example?: string;
  /**
   * Optional: whether the value can name anything at all (a date of the calendar), decided without
   * fetching; false answers 404 at once.
   */
  valid?(value: string, context: PageContext): boolean;
  fetch(value: string, context: PageContext): FetchSpec;
  exists(answer: unknown): boolean;
}

/** A layout names its regions (validation needs only this); a LayoutView places them. */
export interface LayoutDefinition {
  name: string;
  regions: string[];
}

export interface LayoutProps {
  page: PageData;
  regions: Record<string, ReactNode>;
}

export type LayoutView = ComponentType<LayoutProps>;

// ---- Output types ----

/** The output type of pages that React renders as HTML documents: the default. */
export const HTML_OUTPUT = "html";

/**
 * An output type other than HTML (RSS, sitemaps, robots.txt, JSON): what its pages may hold. The
 * validator needs only this; a renderer writes the body (docs/decisions/0016-output-types.md).
 */
export interface OutputTypeDefinition {
  name: string;
  /** The regions its pages fill, as a layout's. */
  regions: string[];
  /** Its pages need at least one published block that fetches content (a feed without a source is an error). */
  needsContent: boolean;
  /** A page with nothing to list answers 404 (a sitemap must list at least one URL); otherwise it is written empty. */
  notFoundWhenEmpty?: boolean;
}

/**
 * What a renderer knows besides the page: where the site is and when it renders.
 * @public (knip: output renderers receive it without naming it)
 */
export interface OutputTarget {
  /** The site's public origin as the reader used it ("https://www.semana.com"): every URL is made absolute on it. */
  origin: string;
  now: Date;
}

export interface RenderedOutput {
  /** With its charset, e.g. "application/rss+xml; charset=utf-8". */
  contentType: string;
  body: string;
  /** Seconds shared caches may keep it (Cache-Control s-maxage). */
  maxAgeSeconds: number;
}

/** An output type with its renderer, registered by the server like blocks and layouts. */
export interface OutputRenderer extends OutputTypeDefinition {
  /** Writes the body from the page's resolved blocks (their transformed data, in region order). */
  render(page: ResolvedPage, target: OutputTarget): RenderedOutput;
}

// ---- Page definitions ----

export interface BlockInstance {
  type: string;
  id: string;
  /** Only on these brands (a group page or shared template); every brand when absent. */
  brands?: string[];
  settings: Record<string, any>;
  /**
   * The layout file the page inherits this block from (docs/decisions/0074-layouts-own-the-shared-blocks.md),
   * as the validator names files; absent for the page's own blocks.
   */
  inherited?: string;
}

interface PageMetadata {
  title?: string;
  description?: string;
  /** The page's own feed (a route of an RSS page, e.g. "/arc/outboundfeeds/rss/category/{section}/"): the head links to it. */
  feed?: string;
  canonical?: { strategy: "self" | "url" | "article"; url?: string; dropQuery?: boolean };
  robots?: string;
}

/**
 * A page that sends readers elsewhere instead of showing blocks (docs/decisions/0022-redirect-pages.md):
 * its URL, with `{param}` taking a route parameter's value, plus the request's query string.
 */
export interface PageRedirect {
  /** A path of the site ("/opinion/{slug}/") or an http(s) address on one of the group's sites. */
  url: string;
  /** 301 (the default): the address moved for good; false: 302, for now. */
  permanent?: boolean;
}

/** A route parameter that must name something that exists, or the page answers 404 unresolved. */
interface ParamCheck {
  /** The name of an existence check the server registers, e.g. "section", "tag", "author". */
  mustExist: string;
}

export interface PageDefinition extends PublicationWindow {
  $schema?: string;
  id: string;
  brand: string;
  route?: string;
  template?: string;
  /** How the page is written: "html" (the default, with a layout) or a registered output type ("rss", "sitemap"...). */
  outputType?: string;
  /** Also served, in their own look, by the brands that define no page for this route. */
  allBrands?: boolean;
  /** Checks on the route's parameters, e.g. { "section": { "mustExist": "section" } }. */
  params?: Record<string, ParamCheck>;
  /** HTML pages only. */
  layout?: string;
  /** The ids of blocks inherited from the layout's files that this page does not show. */
  hide?: string[];
  /** A redirect page: no layout and no blocks; the route answers a redirect there. */
  redirect?: PageRedirect;
  metadata: PageMetadata;
  regions: Record<string, BlockInstance[]>;
}

// ---- Resolution ----

export type CacheStatus = "hit" | "miss" | "stale" | "error";

export type SkipReason = "unpublished" | "scheduled" | "other-brand" | "fetch-failed" | "timeout" | "empty" | "render-error";

export interface FetchDiagnostic {
  name: string;
  source: string;
  query: Record<string, unknown>;
  cache: CacheStatus;
  ms: number;
  error?: string;
}

export interface BlockDiagnostic {
  pageId: string;
  blockId: string;
  type: string;
  region: string;
  /** The layout file the block is inherited from (BlockInstance.inherited). */
  inherited?: string;
  fetches: FetchDiagnostic[];
  ms: number;
  skipped?: SkipReason;
  detail?: string;
}

export interface ResolvedBlock {
  id: string;
  type: string;
  settings: Record<string, any>;
  data: any;
  /** Its component runs in the browser: its code loads and it hydrates. Otherwise it is HTML only. */
  hydrate?: boolean;
  /** The classes the editor added to the block's frame (its addClass and classes settings), if any. */
  frameClass?: string;
}

/** What is rendered of a page: the blocks with their data, nothing of the request. */
export interface PageData extends Pick<PageDefinition, "id" | "brand" | "template" | "layout"> {
  regions: Record<string, ResolvedBlock[]>;
}

/** A page ready to render, on the server: the page data plus its request context and diagnostics. */
export interface ResolvedPage extends PageData, Pick<PageDefinition, "route" | "metadata" | "outputType"> {
  context: PageContext;
  diagnostics: BlockDiagnostic[];
  /**
   * The next instant at which a publication window changes what the page shows (a block's or the
   * page's own publishFrom or publishUntil after context.now); absent when none is ahead. Caches keep
   * the page no longer than that.
   */
  changesAt?: Date;
  /** The content keys of every answer the page was made of, when the cache names them (a purge of one re-renders it). */
  keys?: string[];
}

export interface Logger {
  /** Per-request detail, off unless asked for. */
  debug?(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
