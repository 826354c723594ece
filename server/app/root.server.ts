// The root route's loader: the brand of the host (its theme is written into the head by
// entry.server). A .server module, so that the six brands' configuration stays out of the browser bundle.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { loadContext } from "./load-context";

export function rootLoader({ context }: LoaderFunctionArgs) {
  const { brand, editorTools } = loadContext(context);
  // With the editors' tools on, every page loads the live-preview script (never in production), told
  // which version of the page files and which server process (npm run dev restarts it on code
  // changes) it was made from: a save or a restart while it loads is not missed.
  return { brand, ...(editorTools ? { liveScript: `/_editor/en-vivo.js?version=${editorTools.state().version}&codigo=${process.pid}` } : {}) };
}
