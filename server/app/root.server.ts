// The root route's loader: the brand of the host (its theme is written into the head by
// entry.server). A .server module, so that the six brands' configuration stays out of the browser bundle.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContext } from "./load-context";

export function rootLoader({ context, request }: LoaderFunctionArgs) {
  const { brand, editorTools, code } = loadContext(context);
  if (!editorTools) return { brand };
  // With the editors' tools on, every page loads the live-preview script (never in production), told
  // which version of the page files and which code (npm run dev replaces the process or its build on
  // code changes) it was made from: a save or a code change while it loads is not missed. The editor's preview
  // of an unsaved page (?_vista=, server/editor/router.ts) also loads its click-to-select script.
  const previewing = new URL(request.url).searchParams.has("_vista");
  return {
    brand,
    liveScript: `/_editor/en-vivo.js?version=${editorTools.state().version}&codigo=${code}`,
    ...(previewing ? { previewScript: "/_editor/lienzo.js" } : {}),
  };
}
