import type { BlockDefinition, ContentSource, ContentSourceDeclaration, LayoutDefinition } from "./types";

/** What the runtime knows: blocks by type, content sources by name, layouts by name. */
export interface Registry {
  blocks: Map<string, BlockDefinition>;
  sources: Map<string, ContentSourceDeclaration | ContentSource>;
  layouts: Map<string, LayoutDefinition>;
}

export function createRegistry(input: {
  blocks: BlockDefinition[];
  sources?: Array<ContentSourceDeclaration | ContentSource>;
  layouts?: LayoutDefinition[];
}): Registry {
  return {
    blocks: byKey(input.blocks, (b) => b.type, "tipo de bloque"),
    sources: byKey(input.sources ?? [], (s) => s.name, "fuente de contenido"),
    layouts: byKey(input.layouts ?? [], (l) => l.name, "diseño"),
  };
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
