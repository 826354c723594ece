// The contracts between the runtime, the blocks, the content sources and the host framework.
// Nothing here knows a particular block, source, brand or framework.
import type { ComponentType, ReactNode } from "react";
import type { z } from "zod";

/** What a block can know about the request it renders for. Serialisable: it travels to the browser. */
export interface PageContext {
  /** Brand id, e.g. "semana". */
  brand: string;
  /** URL path of the request, e.g. "/nacion/articulo/...". */
  path: string;
  /** Parameters captured by the page's route, e.g. { section: "nacion" } for "/seccion/:section/". */
  params: Record<string, string>;
  /** Query-string parameters (first value of each). */
  query: Record<string, string>;
  /** The ANS document of the article page being rendered, when there is one. */
  article?: any;
  /** Set on "load more" requests: where the next page of a block's feed starts. */
  cursor?: { offset: number };
}

/** One named content fetch of a block: which source, with which query. */
export interface FetchSpec {
  source: string;
  query: Record<string, unknown>;
  /** When true, a failure of this fetch leaves its data undefined instead of skipping the block. */
  optional?: boolean;
}

export type BlockFetches = Record<string, FetchSpec>;

export interface BlockProps<S = any, D = any> {
  /** The block's id within its page (unique per page). */
  id: string;
  pageId: string;
  settings: S;
  data: D;
  context: PageContext;
}

/**
 * A block: a folder in blocks/ with schema.json (its settings), this definition (index.tsx) and tests.
 * The definition carries no schema so that the browser bundle stays small: the server reads
 * blocks/<type>/schema.json by convention.
 */
export interface BlockDefinition<S = any, D = any> {
  /** Equal to the folder name, e.g. "latest-stories". */
  type: string;
  component: ComponentType<BlockProps<S, D>>;
  /** Zero or more named fetches computed from the settings and the page context. */
  fetch?: (settings: S, context: PageContext) => BlockFetches;
  /** Reduces the fetched data (a record keyed by fetch name) to what the component needs. */
  transform?: (data: Record<string, any>, settings: S, context: PageContext) => D;
  /** True when there is nothing to show. Default: every fetch returned no items. */
  isEmpty?: (data: D, settings: S) => boolean;
}

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

/** A layout names its regions; the host framework supplies the component that places them. */
export interface LayoutDefinition {
  name: string;
  regions: string[];
  component?: ComponentType<LayoutProps>;
}

export interface LayoutProps {
  page: ResolvedPage;
  regions: Record<string, ReactNode>;
}

// ---- Page definitions ----

export interface BlockInstance {
  type: string;
  id: string;
  settings: Record<string, any>;
}

export interface PageMetadata {
  title?: string;
  description?: string;
  canonical?: { strategy: "self" | "url" | "article"; url?: string; dropQuery?: boolean };
  robots?: string;
}

export interface PageDefinition {
  $schema?: string;
  id: string;
  brand: string;
  route?: string;
  template?: string;
  /** Also served, in their own look, by the brands that define no page for this route. */
  allBrands?: boolean;
  layout: string;
  metadata: PageMetadata;
  regions: Record<string, BlockInstance[]>;
}

// ---- Resolution ----

export type CacheStatus = "hit" | "miss" | "stale" | "error";

export type SkipReason = "unpublished" | "fetch-failed" | "timeout" | "empty" | "render-error";

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
}

/** A page ready to render: its definition's identity, the request context, and the blocks with data. */
export interface ResolvedPage extends Pick<PageDefinition, "id" | "brand" | "route" | "template" | "layout" | "metadata"> {
  context: PageContext;
  regions: Record<string, ResolvedBlock[]>;
  diagnostics: BlockDiagnostic[];
}

export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
