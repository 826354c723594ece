// The contracts between the runtime, the blocks, the content sources and the host framework.
// Nothing here knows a particular block, source, brand or framework (docs/decisions/0001-block-contract.md).
import type { ComponentType, ReactNode } from "react";
import type { z } from "zod";

/** What a block's server half knows about the request. It stays on the server. */
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
   * The query-string parameters the block reads (context.query holds these and no others). The page
   * cache keys a page on the parameters some block reads, so every other one names the same page.
   */
  queryParams?: readonly string[];
  /** Zero or more named fetches computed from the settings and the page context. */
  fetch?: (settings: S, context: PageContext) => BlockFetches;
  /**
   * Reduces the fetched answers (keyed by fetch name) and the context to exactly what the component
   * renders: this is what travels to the browser. Required when the block fetches.
   */
  transform?: (data: Record<string, any>, settings: S, context: PageContext) => D;
  /** True when there is nothing to show. Default: every fetch returned no items. */
  isEmpty?: (data: D, settings: S) => boolean;
}

/** What a block's component receives: its identity, its settings and its transformed data, nothing else. */
export interface BlockProps<S = any, D = any> {
  /** The block's id within its page (unique per page). */
  id: string;
  pageId: string;
  settings: S;
  data: D;
}

/** The browser half of a block (blocks/<type>/index.tsx): its React component. */
export type BlockView<S = any, D = any> = ComponentType<BlockProps<S, D>>;

/**
 * The browser code of a block that is not hydrated (blocks/<type>/enhance.ts): it works on the
 * block's server HTML (its frame element), without React — a carousel, a load-more button.
 */
export type BlockEnhancer = (frame: HTMLElement) => void;

/** The declaration of a named content source: what the validator needs, no I/O. */
export interface ContentSourceDeclaration<Q = any> {
  name: string;
  /** zod schema of the query; unknown parameters must be rejected (z.strictObject). */
  query: z.ZodType<Q, any>;
  /** Seconds a cached answer counts as fresh. */
  ttlSeconds: number;
  /** Seconds after the TTL during which a stale answer is served while it is refetched. Default: ttlSeconds * 10. */
  staleSeconds?: number;
  /** Milliseconds before a fetch counts as timed out. Default: the resolver's timeout. */
  timeoutMs?: number;
}

/** A content source with a backend: the declaration plus its fetch. */
export interface ContentSource<Q = any, R = unknown> extends ContentSourceDeclaration<Q> {
  /** Resolves with the answer or rejects; never resolves with undefined. */
  fetch: (query: Q, options: { signal: AbortSignal }) => Promise<R>;
}

/**
 * How the server tells, with one cached fetch, whether a route parameter names something that
 * exists (a section, a tag, an author), before it resolves the page.
 */
export interface ExistenceCheck {
  name: string;
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

// ---- Page definitions ----

export interface BlockInstance {
  type: string;
  id: string;
  /** Only on these brands (a group page or shared template); every brand when absent. */
  brands?: string[];
  settings: Record<string, any>;
}

export interface PageMetadata {
  title?: string;
  description?: string;
  canonical?: { strategy: "self" | "url" | "article"; url?: string; dropQuery?: boolean };
  robots?: string;
}

/** A route parameter that must name something that exists, or the page answers 404 unresolved. */
export interface ParamCheck {
  /** The name of an existence check the server registers, e.g. "section", "tag", "author". */
  mustExist: string;
}

export interface PageDefinition {
  $schema?: string;
  id: string;
  brand: string;
  route?: string;
  template?: string;
  /** Also served, in their own look, by the brands that define no page for this route. */
  allBrands?: boolean;
  /** Checks on the route's parameters, e.g. { "section": { "mustExist": "section" } }. */
  params?: Record<string, ParamCheck>;
  layout: string;
  metadata: PageMetadata;
  regions: Record<string, BlockInstance[]>;
}

// ---- Resolution ----

export type CacheStatus = "hit" | "miss" | "stale" | "error";

export type SkipReason = "unpublished" | "other-brand" | "fetch-failed" | "timeout" | "empty" | "render-error";

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
}

/** What is rendered of a page: the blocks with their data, nothing of the request. */
export interface PageData extends Pick<PageDefinition, "id" | "brand" | "template" | "layout"> {
  regions: Record<string, ResolvedBlock[]>;
}

/** A page ready to render, on the server: the page data plus its request context and diagnostics. */
export interface ResolvedPage extends PageData, Pick<PageDefinition, "route" | "metadata"> {
  context: PageContext;
  diagnostics: BlockDiagnostic[];
}

export interface Logger {
  /** Per-request detail, off unless asked for. */
  debug?(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
