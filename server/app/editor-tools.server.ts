// The loaders of the editors' tools (/_editor/, /_bloques/): a 404 unless the tools are on (outside
// production or EDITOR=1, server/editor/access.ts). A .server module: none of it reaches a browser.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { CACHE_CONTROL } from "../../platform/caching";
import { loadContext } from "./load-context";

function workspace(context: unknown) {
  const tools = loadContext(context).editorTools;
  if (!tools) throw new Response("No encontrado", { status: 404, headers: { "Cache-Control": CACHE_CONTROL.none } });
  return tools;
}

export function catalogueLoader({ context }: LoaderFunctionArgs) {
  return { blocks: workspace(context).catalogue() };
}

export function editorLoader({ context }: LoaderFunctionArgs) {
  workspace(context);
  return { ok: true };
}
