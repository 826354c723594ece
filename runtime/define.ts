import type { BlockServer } from "./types";

/** Typed identity helper: a block's server half states its settings and data types once. */
export function defineBlockServer<S, D = unknown>(server: BlockServer<S, D>): BlockServer<S, D> {
  return server;
}
