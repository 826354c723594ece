// What the page server traces and counts (docs/observability.md, docs/decisions/0080-traces-and-metrics.md):
// a span per request (brand, route or template, status) with a child per source fetch (its cache
// outcome), the render and the compression, sent over OTLP only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set; and the Prometheus metrics of platform/metrics.ts, always counted. The runtime knows none of
// this: it calls the hooks of its FetchObserver, made here.
import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { FetchObserver, FetchOutcome } from "../../runtime/content-fetch";
import type { FetchSpec } from "../../runtime/types";
import { metrics } from "../../platform/metrics";
import type { Settings } from "../../platform/settings";

export type SpanAttributes = Record<string, string | number | boolean>;

/** A span being written. */
export interface SpanHandle {
  set(attributes: SpanAttributes): void;
  rename(name: string): void;
  /** Marks the span failed, with what went wrong. */
  fail(message: string): void;
  end(): void;
}

/** Traces over OTLP (./otel.ts); absent, and its SDK never loaded, without OTEL_EXPORTER_OTLP_ENDPOINT. */
export interface Tracing {
  /** A span, child of the current one (the request's), ended by the caller. */
  start(name: string, attributes: SpanAttributes): SpanHandle;
  /** Runs `fn` inside a new child span, ended (failed, if `fn` throws) when it settles. */
  inSpan<T>(name: string, attributes: SpanAttributes, fn: (span: SpanHandle) => Promise<T>): Promise<T>;
  /** Starts a span and runs `run` inside it (what `run` starts, asynchronously too, is its child); the caller ends it. */
  around(name: string, attributes: SpanAttributes, run: () => void): SpanHandle;
  /** The current span's ids, for the log lines (platform/log.ts withTraceIds). */
  current(): { traceId: string; spanId: string } | undefined;
  /** Sends what is still buffered. */
  flush(): Promise<void>;
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, the OpenTelemetry SDK imported only then; else undefined. */
export async function startTracing(settings: Pick<Settings, "OTEL_EXPORTER_OTLP_ENDPOINT">): Promise<Tracing | undefined> {
  if (!settings.OTEL_EXPORTER_OTLP_ENDPOINT) return undefined;
  const { startOtelTracing } = await import("./otel");
  return startOtelTracing(settings.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** Span attributes of this project (the others are OpenTelemetry's semantic conventions). */
const ATTR = {
  brand: "bloques.brand",
  template: "bloques.template",
  source: "bloques.source",
  cache: "bloques.cache",
  pageCache: "bloques.page_cache",
  encoding: "http.response.encoding",
} as const;

/** The runtime's fetch hooks: a span per fetch with its cache outcome, and the sources' metrics. */
export function fetchObserver(tracing?: Tracing): FetchObserver {
  const counted = (spec: FetchSpec, outcome: FetchOutcome) => {
    metrics.contentCache.inc({ source: spec.source, outcome: outcome.cache });
    return outcome;
  };
  return {
    fetch: tracing
      ? (spec, run) =>
          tracing.inSpan(`fetch ${spec.source}`, { [ATTR.source]: spec.source }, async (span) => {
            const outcome = await run();
            span.set({ [ATTR.cache]: outcome.cache });
            if (!outcome.ok) span.fail(outcome.error ?? "error");
            return counted(spec, outcome);
          })
      : (spec, run) => run().then((outcome) => counted(spec, outcome)),
    sourceAsked(source, ms, result) {
      metrics.sourceDuration.observe({ source }, ms / 1000);
      if (result !== "ok") metrics.sourceErrors.inc({ source, reason: result });
    },
  };
}

/** What a request's handlers tell the telemetry: the page that answered, and the document's render. */
export interface RequestTelemetry {
  /** The page that answers: its template, else its route, names the request's span and the render's metric. */
  answeredBy(page: { template?: string; route?: string; id: string }): void;
  /** Runs the document's render: its span, and its time per template. */
  render<T>(run: () => Promise<T>): Promise<T>;
}

const TELEMETRY_LOCAL = "telemetry";

/** The request's telemetry (set by requestTelemetry, first of the HTTP app's middleware). */
export function telemetryOf(res: Response): RequestTelemetry | undefined {
  return res.locals[TELEMETRY_LOCAL] as RequestTelemetry | undefined;
}

/**
 * First middleware: counts the page cache's answer (its X-Page-Cache header) and, with tracing, runs
 * the request inside its span, named and given its attributes when the response is finished.
 */
export function requestTelemetry(options: { tracing?: Tracing; brandOf: (req: Request) => string }): RequestHandler {
  const { tracing } = options;
  return (req: Request, res: Response, next: NextFunction) => {
    let template: string | undefined;
    const telemetry: RequestTelemetry = {
      answeredBy(page) {
        template = page.template ?? page.route ?? page.id;
      },
      async render(run) {
        const started = performance.now();
        try {
          return tracing ? await tracing.inSpan("render", { [ATTR.template]: template ?? "" }, run) : await run();
        } finally {
          metrics.renderDuration.observe({ template: template ?? "" }, (performance.now() - started) / 1000);
        }
      },
    };
    res.locals[TELEMETRY_LOCAL] = telemetry;
    const counted = () => {
      const outcome = res.getHeader("x-page-cache");
      if (typeof outcome === "string") metrics.pageCache.inc({ outcome: outcome.toLowerCase() });
    };
    if (!tracing) {
      res.once("finish", counted);
      return next();
    }
    const method = req.method;
    const span = tracing.around(method, { "http.request.method": method, "url.path": req.path, [ATTR.brand]: options.brandOf(req) }, next);
    // "close" too: a reader who leaves before the end still ends the span.
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      counted();
      const attributes: SpanAttributes = { "http.response.status_code": res.statusCode };
      if (template) attributes[ATTR.template] = attributes["http.route"] = template;
      const cached = res.getHeader("x-page-cache");
      if (typeof cached === "string") attributes[ATTR.pageCache] = cached.toLowerCase();
      span.set(attributes);
      if (template) span.rename(`${method} ${template}`);
      if (res.statusCode >= 500) span.fail(`HTTP ${res.statusCode}`);
      span.end();
    };
    res.once("finish", end);
    res.once("close", end);
  };
}

/**
 * The compression middleware, with a span from the moment it starts compressing a response to the
 * end of that response (a page the page cache replays is already compressed: no span).
 */
export function tracedCompression(tracing?: Tracing): RequestHandler {
  const compress = compression();
  if (!tracing) return compress;
  return (req, res, next) =>
    compress(req, res, (error?: unknown) => {
      const writeHead = res.writeHead;
      res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
        // Compression decides, and sets Content-Encoding, as the headers are written.
        const result = writeHead.apply(this, args);
        const encoding = res.getHeader("content-encoding");
        if (typeof encoding === "string" && res.getHeader("x-page-cache") !== "HIT") {
          const span = tracing.start("compress", { [ATTR.encoding]: encoding });
          let ended = false;
          const end = () => ended || ((ended = true), span.end());
          res.once("finish", end);
          res.once("close", end);
        }
        return result;
      } as Response["writeHead"];
      next(error);
    });
}
