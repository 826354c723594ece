// The HTTP server: built assets with long-lived caching, images, and the Remix handler with the
// site in every loader's context. Framework code stays this thin on purpose.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type Router } from "express";
import { createDocumentsRouter } from "../documents/router";
import { createImagesRouter } from "../images/router";
import { carriesIdentity } from "../paywall";
import { createPageCache, normalizedUrl, type PageCacheOptions } from "./page-cache";
import { responseNonce, securityHeaders } from "./security-headers";
import { siteOrigin } from "./site-origin";
import { outputPages } from "./outputs";
import { brandForHost, GROUP_HOSTS } from "../../brands";
import { projectRoot } from "../project";
import type { Readiness } from "../boot";
import { CACHE_CONTROL } from "../../platform/caching";
import { CATALOGUE_PREFIX, EDITOR_PREFIX } from "../editor/access";
import { buildProblems } from "../editor/build-problems";
import { createEditorRouter, type EditorLocals } from "../editor/router";
import type { Workspace } from "../editor/workspace";
import type { Site } from "../site";
import type { LoadContext } from "../app/load-context";
import type { Settings } from "../../platform/settings";
import type { Logger } from "../../runtime/types";
import { operatorMayRead } from "../../platform/operator-reports";
import { METRICS_CONTENT_TYPE, metricsText } from "../../platform/metrics";
import { requestTelemetry, telemetryOf, tracedCompression, type Tracing } from "../telemetry";

/** The operators' Prometheus metrics (docs/observability.md). */
const METRICS_PATH = "/metrics";

/**
 * Remix's own parameters: ?_data= and ?_routes= ask for route data instead of the document, ?index
 * names an index route, and the route manifest (/__manifest) is asked for by ?p= and ?version=.
 */
const REMIX_PARAMS = ["_data", "_routes", "index"];
const MANIFEST_PARAMS = ["p", "version"];
const remixReads = (req: express.Request, name: string) => REMIX_PARAMS.includes(name) || (req.path === "/__manifest" && MANIFEST_PARAMS.includes(name));

export function createHttpApp(options: {
  site: Site;
  accounts: Router;
  paywallViews: Router;
  /** The signed content webhook (server/purge/webhook.ts), when configured. */
  contentWebhook?: Router;
  ready: () => Promise<Readiness>;
  build: ServerBuild;
  imagesDir: string;
  production: boolean;
  pageCache: PageCacheOptions;
  logger: Logger;
  settings: Pick<Settings, "TRUST_PROXY" | "RECAPTCHA_SECRET_KEY" | "RECAPTCHA_SCRIPT_URL" | "BLOCKS_DEBUG" | "OPERATOR_TOKEN">;
  /** Traces over OTLP, when OTEL_EXPORTER_OTLP_ENDPOINT is set (server/telemetry). */
  tracing?: Tracing;
  /** Which proxies' forwarded headers to believe (Express "trust proxy"); default TRUST_PROXY, else none. */
  trustProxy?: string;
  /** The editors' tools (boot.ts: outside production or EDITOR=1); without them nothing answers at /_editor or /_bloques. */
  editor?: Workspace;
}) {
  const { logger, settings } = options;
  const app = express();
  app.disable("x-powered-by");
  // Forwarded headers (client address for rate limits, host, protocol) are believed only from the
  // proxies TRUST_PROXY names (Express "trust proxy" syntax: "loopback", an address, a hop count).
  // By default none: a request speaks for itself.
  app.set("trust proxy", trustProxySetting(options.trustProxy ?? settings.TRUST_PROXY));
  // Each request's span (with tracing) and the page cache's metric; first, so that the span holds it all.
  app.use(requestTelemetry({ tracing: options.tracing, brandOf: (req) => brandForHost(siteOrigin(req).host).id }));
  // reCAPTCHA, when configured, loads its script and frame from Google.
  // RECAPTCHA_SCRIPT_URL (a local stand-in in tests) adds its own origin.
  const recaptchaHosts = ["https://www.google.com", "https://www.gstatic.com", new URL(settings.RECAPTCHA_SCRIPT_URL).origin];
  const recaptcha = settings.RECAPTCHA_SECRET_KEY ? [...new Set(recaptchaHosts)] : [];
  app.use(securityHeaders({ ownHosts: GROUP_HOSTS, scriptHosts: recaptcha, frameHosts: recaptcha }));
  app.use(tracedCompression(options.tracing));
  // Methods the site answers; any other (TRACE, CONNECT, TRACK, WebDAV's) is refused here, before a
  // handler that cannot build a request from it (undici refuses TRACE) fails with a stack.
  app.use((req, res, next) => {
    if (ALLOWED_METHODS.includes(req.method)) return next();
    res
      .status(405)
      .set({ Allow: ALLOWED_METHODS.join(", "), "Cache-Control": CACHE_CONTROL.none })
      .type("text/plain")
      .send(`Método no permitido: ${req.method.slice(0, 20)}`);
  });
  // A path with broken percent-encoding names nothing: say so instead of failing deeper down.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      res
        .status(400)
        .type("text/plain")
        .send(`Dirección mal formada: ${req.path.slice(0, 200)}`);
    }
  });
  // Route data in Remix's older form (?_data=<route id>) gets the single-fetch answer (<path>.data),
  // with the same paywall decision and caching, instead of an empty 200.
  app.use((req, _res, next) => {
    const routeId = req.query._data;
    if ((req.method === "GET" || req.method === "HEAD") && typeof routeId === "string" && !req.path.endsWith(".data")) {
      const url = new URL(req.originalUrl, "http://aqui.invalid");
      url.searchParams.delete("_data");
      url.searchParams.set("_routes", routeId);
      req.url = req.originalUrl = `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/+$/, "")}.data${url.search}`;
    }
    next();
  });
  // Fingerprinted bundles never change: cache them for a year.
  app.use("/build", express.static(path.join(projectRoot, "public", "build"), { immutable: true, maxAge: "1y" }));
  // Files only (favicon, logos, banners): asked only for a path whose last part has an extension, so
  // that a page's path costs no look-up on disk.
  const publicFiles = express.static(path.join(projectRoot, "public"), { maxAge: "1h", index: false, redirect: false });
  app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.use(createImagesRouter(options.imagesDir, logger));
  // The seeded PDF documents; a missing one is a bare 404, never a page inside an article's viewer.
  app.use(createDocumentsRouter());
  app.use(options.accounts);
  app.use(options.paywallViews);
  if (options.contentWebhook) app.use(options.contentWebhook);
  // Liveness: the process answers. Readiness: it can serve (database, migrations, pages); a load
  // balancer sends readers only to ready processes.
  app.get("/healthz", (_req, res) => {
    res.set("Cache-Control", CACHE_CONTROL.none).type("text/plain").send("ok");
  });
  app.get("/readyz", async (_req, res) => {
    const readiness = await options.ready();
    res
      .status(readiness.ready ? 200 : 503)
      .set("Cache-Control", CACHE_CONTROL.none)
      .json(readiness);
  });
  // The operators' metrics, by the operators' reports' rule (OPERATOR_TOKEN; open outside production
  // without it); before the page cache, and never stored by anyone.
  app.get(METRICS_PATH, async (req, res, next) => {
    res.set("Cache-Control", CACHE_CONTROL.none);
    if (!operatorMayRead(req, res, { operatorToken: settings.OPERATOR_TOKEN, production: options.production })) return;
    try {
      const text = await metricsText();
      res.type(METRICS_CONTENT_TYPE).send(text);
    } catch (error) {
      next(error);
    }
  });
  // The editors' tools, before the page cache: with them on, pages are never cached (a save shows at once).
  const { editor } = options;
  if (editor) app.use(createEditorRouter(editor, logger));
  // Without them (production), those addresses name nothing, not even the routes' code.
  else
    app.use(
      [EDITOR_PREFIX, CATALOGUE_PREFIX],
      (_req, res) => void res.status(404).set("Cache-Control", CACHE_CONTROL.none).type("text/plain").send("No encontrado"),
    );
  // ?debug=blocks is available outside production, or when BLOCKS_DEBUG=1 asks for it (tests).
  // A reader's own pages (their identity decides the paywall) never come from or go to the shared cache.
  app.use(
    createPageCache({
      ...options.pageCache,
      // A parameter no block or route reads (a cache-buster, a campaign tag) names the same page.
      key: (req) => `${siteOrigin(req).origin}${normalizedUrl(req.originalUrl, (name) => remixReads(req, name) || options.site.readsQueryParam(name))}`,
      bypass: (req) => !!editor || carriesIdentity(req.get("cookie")),
    }),
  );
  // Feeds, sitemaps and robots.txt: page definitions of another output type, written without React.
  app.use(outputPages(options.site, logger));
  const debug = !options.production || settings.BLOCKS_DEBUG === "1";
  const remixHandler = (build: ServerBuild) =>
    createRequestHandler({
      build,
      mode: options.production ? "production" : "development",
      // A fresh context per request: the loader leaves the resolved page in it for the document's render.
      getLoadContext: (req, res) => {
        // A preview of an unsaved page (/_editor/): its own site, as the draft's brand.
        const preview = editor ? (res.locals.editor as EditorLocals | undefined) : undefined;
        const { host, origin } = siteOrigin(req);
        const context = {
          site: options.site,
          logger,
          debug,
          host,
          origin,
          nonce: responseNonce(res),
          rendered: {},
          telemetry: telemetryOf(res),
          ...(editor ? { editorTools: editor, code: buildProblems.code(), ...preview } : {}),
        };
        return { ...context, brand: brandForHost(context.host).id } satisfies LoadContext as any;
      },
    });
  // npm run dev loads a new build in place (replaceBuild): requests from then on get its handler.
  let handle = remixHandler(options.build);
  app.all("*", (req, res, next) => handle(req, res, next));
  // Anything that escaped the handlers: a client's mistake (a body the parser refused) as its 4xx
  // without a stack, anything else logged and answered 500; keep serving.
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    const status = (error as { status?: unknown; expose?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500 && (error as { expose?: unknown }).expose) {
      if (!res.headersSent) res.status(status).set("Cache-Control", CACHE_CONTROL.none).type("text/plain").send("La petición no es válida");
      return;
    }
    logger.error("http: error no controlado", { method: _req.method, url: _req.originalUrl, stack: error?.stack ?? String(error) });
    if (!res.headersSent) res.status(500).type("text/plain").send("Error interno del servidor");
  });
  return Object.assign(app, {
    replaceBuild(build: ServerBuild) {
      handle = remixHandler(build);
    },
  });
}

/** The HTTP methods the site's pages, APIs and forms use; others are answered 405. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** TRUST_PROXY as Express takes it: unset or "false" trusts nobody; a number is a hop count. */
function trustProxySetting(value: string | undefined): boolean | number | string {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}
