import type { BlockDefinition, ContentSource, ContentSourceDeclaration } from "./types";

/** Typed identity helpers: they let a block or source file state its types once. */
export function defineBlock<S, D = any>(definition: BlockDefinition<S, D>): BlockDefinition<S, D> {
  return definition;
}

export function declareSource<Q>(declaration: ContentSourceDeclaration<Q>): ContentSourceDeclaration<Q> {
  return declaration;
}

export function defineSource<Q, R>(source: ContentSource<Q, R>): ContentSource<Q, R> {
  return source;
}
