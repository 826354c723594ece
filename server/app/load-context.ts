import type { BrandId } from "../../domain/brands";
import type { Logger, PageData } from "../../runtime/types";
import type { Workspace } from "../editor/workspace";
import type { Site } from "../site";
import type { RequestTelemetry } from "../telemetry";

/** What the HTTP server hands every loader and the document renderer (server/http/app.ts getLoadContext). */
export interface LoadContext {
  site: Site;
  logger: Logger;
  /** The site the request is for (server/http/site-origin.ts): brand selection and links use only this. */
  host: string;
  /** The host's brand, resolved once for the request (brandForHost). */
  brand: BrandId;
  origin: string;
  /** This response's Content-Security-Policy nonce: the document's inline scripts carry it. */
  nonce: string;
  /** True outside production: ?debug=blocks shows the block diagnostics. */
  debug: boolean;
  /** The editors' tools only: the path to answer instead of the request's (a catalogue example shown on an article). */
  path?: string;
  /** The editors' tools, when on (outside production or EDITOR=1): pages load the live-preview script. */
  editorTools?: Workspace;
  /** Per request: its span and metrics (server/telemetry); absent outside the HTTP app. */
  telemetry?: RequestTelemetry;
  /**
   * With the editors' tools: the code serving (server/editor/build-problems.ts), read from the
   * process because the build, loaded again in place by npm run dev, has its own copy of that module.
   */
  code?: string;
  /** Per request: what the loader resolved, for the document's render (entry.server). */
  rendered: { page?: PageData };
}

export function loadContext(context: unknown): LoadContext {
  const value = context as Partial<LoadContext>;
  if (!value?.site) throw new Error("el servidor no pasó el sitio a los loaders (getLoadContext)");
  return value as LoadContext;
}
