// The operators' Prometheus metrics (docs/observability.md, docs/decisions/0080-traces-and-metrics.md):
// one prom-client registry per process, counted where things happen (the page and content caches,
// the sources, the render, Redis, the paywall, checkout) and read at /metrics. With WEB_CONCURRENCY
// workers (node:cluster) a scrape reaches one of them: that worker asks the primary, which sums every
// worker's registry with prom-client's AggregatorRegistry, so a scrape sees the whole server.
import cluster, { type Worker } from "node:cluster";
import { AggregatorRegistry, Counter, Histogram, Registry } from "prom-client";

const registry = new Registry();

/** Seconds: from a cached source answer (a few ms) to the 3 s timeout of a slow one. */
const SECONDS_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const metrics = {
  /** The page cache's answer per request it saw (X-Page-Cache): hit, miss, or bypass (a reader's own page). */
  pageCache: new Counter({
    name: "bloques_page_cache_requests_total",
    help: "Peticiones que vio la caché de páginas, por resultado (hit, miss, bypass)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  }),
  /** Every fetch of a content source through the content cache, by its outcome. */
  contentCache: new Counter({
    name: "bloques_content_cache_requests_total",
    help: "Consultas a fuentes de contenido a través de la caché, por fuente y resultado (hit, miss, stale, error)",
    labelNames: ["source", "outcome"] as const,
    registers: [registry],
  }),
  /** The source itself asked (a cache miss or a background refresh): how long it took, failures included. */
  sourceDuration: new Histogram({
    name: "bloques_source_duration_seconds",
    help: "Tiempo de respuesta de cada fuente de contenido cuando se le pregunta (fallos incluidos)",
    labelNames: ["source"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  }),
  sourceErrors: new Counter({
    name: "bloques_source_errors_total",
    help: "Fallos de las fuentes de contenido, por fuente y motivo (error, timeout)",
    labelNames: ["source", "reason"] as const,
    registers: [registry],
  }),
  /** React rendering the document of a page, per template (or route, for a page that has no template). */
  renderDuration: new Histogram({
    name: "bloques_render_duration_seconds",
    help: "Tiempo de renderizado del documento, por plantilla o ruta",
    labelNames: ["template"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [registry],
  }),
  /** A Redis command not run on Redis: it was away (unavailable) or the command failed or was slow (failed). */
  redisFallbacks: new Counter({
    name: "bloques_redis_fallbacks_total",
    help: "Operaciones de Redis resueltas sin Redis (memoria del proceso o base de datos), por motivo (unavailable, failed)",
    labelNames: ["reason"] as const,
    registers: [registry],
  }),
  /** A paywall notice shown, as its beacon counts it (server/paywall-views.ts). */
  paywallViews: new Counter({
    name: "bloques_paywall_views_total",
    help: "Avisos del muro de pago mostrados, por marca",
    labelNames: ["brand"] as const,
    registers: [registry],
  }),
  /**
   * A payment provider's answer applied to an order: paid, challenge (3-D Secure asked), declined,
   * refunded (already subscribed), conflict (the order changed meanwhile, or was paid already).
   */
  checkoutOutcomes: new Counter({
    name: "bloques_checkout_outcomes_total",
    help: "Resultados de los pagos de pedidos (paid, challenge, declined, refunded, conflict)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  }),
};

/** The content type of the exposition text (Prometheus text format 0.0.4). */
export const METRICS_CONTENT_TYPE = registry.contentType;

const ASK = "bloques:metrics-request";
const ANSWER = "bloques:metrics-answer";
/** How long a worker waits for the primary's sum (the primary waits up to 5 s for the workers). */
const ASK_TIMEOUT_MS = 6000;

/**
 * The exposition text: this process's metrics, or, in a cluster worker, every worker's summed by the
 * primary (counters and histograms add up).
 */
export function metricsText(): Promise<string> {
  return cluster.isWorker && process.send ? askPrimary() : registry.metrics();
}

let asked = 0;
function askPrimary(): Promise<string> {
  const id = `${process.pid}:${++asked}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => settle(new Error("el proceso principal no sumó las métricas a tiempo")), ASK_TIMEOUT_MS);
    const listen = (message: { type?: string; id?: string; text?: string; error?: string }) => {
      if (message?.type === ANSWER && message.id === id) settle(message.error ? new Error(message.error) : undefined, message.text ?? "");
    };
    function settle(error?: Error, text = "") {
      clearTimeout(timer);
      process.off("message", listen);
      if (error) reject(error);
      else resolve(text);
    }
    process.on("message", listen);
    process.send!({ type: ASK, id });
  });
}

/** In a cluster worker: answer the primary's requests for this registry (prom-client's cluster protocol). */
export function reportMetricsToPrimary(): void {
  AggregatorRegistry.setRegistries([registry]);
  new AggregatorRegistry();
}

/** In the cluster's primary: sum the workers' metrics for whichever worker is scraped. */
export function aggregateWorkersMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker: Worker, message: { type?: string; id?: string }) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}
