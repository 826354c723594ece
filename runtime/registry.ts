import {
  HTML_OUTPUT,
  type BlockServer,
  type BlockView,
  type ContentSource,
  type ContentSourceDeclaration,
  type ExistenceCheck,
  type LayoutDefinition,
  type LayoutView,
  type OutputRenderer,
  type OutputTypeDefinition,
} from "./types";

/**
 * What the server knows: every block type with its server half (empty for blocks that render from
 * settings alone), the content sources, the layouts' regions, the output types other than HTML
 * (with their renderers when serving) and the existence checks of routes.
 */
export interface Registry {
  blocks: Map<string, BlockServer>;
  sources: Map<string, ContentSourceDeclaration | ContentSource>;
  layouts: Map<string, LayoutDefinition>;
  outputTypes: Map<string, OutputTypeDefinition | OutputRenderer>;
  existenceChecks: Map<string, ExistenceCheck>;
  /** Every query-string parameter some block reads (BlockServer.queryParams). */
  queryParams: ReadonlySet<string>;
}

export function createRegistry(input: {
  /** Block type → its server half ({} when it has none). */
  blocks: Record<string, BlockServer>;
  sources?: Array<ContentSourceDeclaration | ContentSource>;
  layouts?: LayoutDefinition[];
  outputTypes?: Array<OutputTypeDefinition | OutputRenderer>;
  existenceChecks?: ExistenceCheck[];
}): Registry {
  const outputTypes = byKey(input.outputTypes ?? [], (o) => o.name, "tipo de salida");
  if (outputTypes.has(HTML_OUTPUT)) throw new Error(`«${HTML_OUTPUT}» es la salida de las páginas con diseño: no se registra`);
  for (const [type, server] of Object.entries(input.blocks)) {
    // Without a transform the raw answers (whole documents) would travel to the browser.
    if (server.fetch && !server.transform) throw new Error(`el bloque «${type}» pide contenido (fetch) pero no tiene transform`);
  }
  return {
    blocks: new Map(Object.entries(input.blocks)),
    sources: byKey(input.sources ?? [], (s) => s.name, "fuente de contenido"),
    layouts: byKey(input.layouts ?? [], (l) => l.name, "diseño"),
    outputTypes,
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

/** The output types whose pages may hold a block (its server half's outputTypes; HTML by default). */
export function blockOutputTypes(server: BlockServer | undefined): readonly string[] {
  return server?.outputTypes ?? [HTML_OUTPUT];
}

export function hasRenderer(output: OutputTypeDefinition | OutputRenderer | undefined): output is OutputRenderer {
  return !!output && typeof (output as OutputRenderer).render === "function";
}

export function hasFetch(source: ContentSourceDeclaration | ContentSource | undefined): source is ContentSource {
  return !!source && typeof (source as ContentSource).fetch === "function";
}
