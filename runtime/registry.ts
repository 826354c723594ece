import type { BlockServer, ContentSource, ContentSourceDeclaration, ExistenceCheck, LayoutDefinition, LayoutView, BlockView } from "./types";

/**
 * What the server knows: every block type with its server half (empty for blocks that render from
 * settings alone), the content sources, the layouts' regions and the existence checks of routes.
 */
export interface Registry {
  blocks: Map<string, BlockServer>;
  sources: Map<string, ContentSourceDeclaration | ContentSource>;
  layouts: Map<string, LayoutDefinition>;
  existenceChecks: Map<string, ExistenceCheck>;
  /** Every query-string parameter some block reads (BlockServer.queryParams). */
  queryParams: ReadonlySet<string>;
}

export function createRegistry(input: {
  /** Block type → its server half ({} when it has none). */
  blocks: Record<string, BlockServer>;
  sources?: Array<ContentSourceDeclaration | ContentSource>;
  layouts?: LayoutDefinition[];
  existenceChecks?: ExistenceCheck[];
}): Registry {
  for (const [type, server] of Object.entries(input.blocks)) {
    // Without a transform the raw answers (whole documents) would travel to the browser.
    if (server.fetch && !server.transform) throw new Error(`el bloque «${type}» pide contenido (fetch) pero no tiene transform`);
  }
  return {
    blocks: new Map(Object.entries(input.blocks)),
    sources: byKey(input.sources ?? [], (s) => s.name, "fuente de contenido"),
    layouts: byKey(input.layouts ?? [], (l) => l.name, "diseño"),
    existenceChecks: byKey(input.existenceChecks ?? [], (c) => c.name, "comprobación de existencia"),
    queryParams: new Set(Object.values(input.blocks).flatMap((server) => server.queryParams ?? [])),
  };
}

/**
 * What the renderer needs: components by block type and layout name. On the server every block's
 * component; in the browser only those of the blocks that hydrate.
 */
export interface ViewRegistry {
  blocks: Record<string, BlockView | undefined>;
  layouts: Record<string, LayoutView>;
}

function byKey<T>(items: T[], key: (item: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    const k = key(item);
    if (map.has(k)) throw new Error(`${what} registrado dos veces: «${k}»`);
    map.set(k, item);
  }
  return map;
}

export function hasFetch(source: ContentSourceDeclaration | ContentSource | undefined): source is ContentSource {
  return !!source && typeof (source as ContentSource).fetch === "function";
}
