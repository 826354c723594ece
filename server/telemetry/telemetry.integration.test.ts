// The site with OTEL_EXPORTER_OTLP_ENDPOINT pointed at a local OTLP/HTTP receiver, OPERATOR_TOKEN set
// and JSON logs: a page's request arrives as one trace (the request's span, a span per source fetch
// with its cache outcome, the render, the compression), its log lines carry that trace's id, and
// /metrics, for the operator only, is Prometheus text that counts what the requests did.
import { makeTestCorpus } from "../content/testing/corpus";
import { createLogger } from "../../platform/log";
import { siteServerForFile } from "../../tests/support/site-server";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../../tests/support/otlp-receiver";
import { parsePrometheusText, sampleValue, type Family } from "../../tests/support/prometheus-text";

const OPERATOR_TOKEN = "operador-de-pruebas";
let receiver: OtlpReceiver;
const logLines: string[] = [];

beforeAll(async () => {
  receiver = await startOtlpReceiver();
});
afterAll(() => receiver?.close());

const server = siteServerForFile(() => ({
  corpus: makeTestCorpus(),
  env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OPERATOR_TOKEN },
  logger: createLogger("debug", (line) => logLines.push(line), "json"),
}));

async function metrics(): Promise<Map<string, Family>> {
  const response = await fetch(`${server.site.origin}/metrics`, { headers: { Authorization: `Bearer ${OPERATOR_TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
  return parsePrometheusText(await response.text());
}

const contentFetches = (families: Map<string, Family>) =>
  families.get("bloques_content_cache_requests_total")!.samples.reduce((sum, sample) => sum + sample.value, 0);

/** The trace of the nth request for this path (from 0), once the exporter has sent it. */
async function traceOf(path: string, nth: number): Promise<{ root: ReceivedSpan; spans: ReceivedSpan[] }> {
  // The request's span ends as its response finishes: flushed until it is there.
  return vi.waitFor(async () => {
    await server.site.booted.tracing!.flush();
    const root = receiver.spans.filter((span) => !span.parentSpanId && span.attributes["url.path"] === path)[nth];
    if (!root) throw new Error(`no llegó la traza de ${path}: ${receiver.spans.map((s) => s.name).join(", ")}`);
    return { root, spans: receiver.spans.filter((span) => span.traceId === root.traceId) };
  });
}

describe("a traced page request", () => {
  it("arrives at the collector as one trace: the request, a span per source fetch with its cache outcome, the render, the compression", async () => {
    const before = contentFetches(await metrics());
    const response = await fetch(`${server.site.origin}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-page-cache")).toBe("MISS");
    await response.text();
    const fetched = contentFetches(await metrics()) - before;

    const { root, spans } = await traceOf("/", 0);
    expect(receiver.refused).toEqual([]);
    expect(root).toMatchObject({
      name: "GET /",
      service: "bloques",
      attributes: { "bloques.brand": "semana", "bloques.template": "/", "http.response.status_code": 200, "bloques.page_cache": "miss" },
    });
    const children = spans.filter((span) => span.parentSpanId === root.spanId);
    const sourceSpans = children.filter((span) => span.name.startsWith("fetch "));
    // One span per fetch the content cache counted for this request, each naming its source and outcome.
    expect(fetched).toBeGreaterThan(1);
    expect(sourceSpans).toHaveLength(fetched);
    for (const span of sourceSpans) {
      expect(span.name).toBe(`fetch ${span.attributes["bloques.source"]}`);
      expect(["hit", "miss", "stale", "error"]).toContain(span.attributes["bloques.cache"]);
    }
    expect(new Set(sourceSpans.map((span) => span.attributes["bloques.source"])).size).toBeGreaterThan(1);
    // Cold caches: the sources were asked.
    expect(sourceSpans.some((span) => span.attributes["bloques.cache"] === "miss")).toBe(true);
    expect(children.filter((span) => span.name === "render").map((span) => span.attributes["bloques.template"])).toEqual(["/"]);
    expect(children.filter((span) => span.name === "compress").map((span) => span.attributes["http.response.encoding"])).toEqual(["gzip"]);

    // The resolver's log line of that request, one JSON object, carries the trace's id.
    const resolved = logLines.map((line) => JSON.parse(line)).filter((event) => event.message === "página resuelta" && event.traceId === root.traceId);
    expect(resolved).toHaveLength(1);
    expect(resolved[0]).toMatchObject({ level: "debug", pageId: expect.any(String) });
  });

  it("a page the page cache answers is one span, without fetches, marked hit", async () => {
    await (await fetch(`${server.site.origin}/`)).text();
    const { root, spans } = await traceOf("/", 1);
    expect(root.attributes["bloques.page_cache"]).toBe("hit");
    expect(spans.filter((span) => span.name.startsWith("fetch "))).toEqual([]);
  });
});

describe("/metrics", () => {
  it("is Prometheus text counting the caches, the sources and the render, for the operator only", async () => {
    const families = await metrics();
    expect(sampleValue(families, "bloques_page_cache_requests_total", { outcome: "miss" })).toBeGreaterThanOrEqual(1);
    expect(sampleValue(families, "bloques_page_cache_requests_total", { outcome: "hit" })).toBeGreaterThanOrEqual(1);
    const sources = new Set(families.get("bloques_source_duration_seconds")!.samples.map((sample) => sample.labels.source));
    expect(sources.size).toBeGreaterThan(1);
    expect(sampleValue(families, "bloques_render_duration_seconds_count", { template: "/" })).toBeGreaterThanOrEqual(1);
    for (const name of ["bloques_source_errors_total", "bloques_redis_fallbacks_total", "bloques_paywall_views_total", "bloques_checkout_outcomes_total"])
      expect(families.get(name)?.type).toBe("counter");

    // Whoever has not the operator's token is told nothing is there, and nobody keeps the answer.
    for (const headers of [{}, { Authorization: "Bearer otra-cosa" }] as Array<Record<string, string>>) {
      const refused = await fetch(`${server.site.origin}/metrics`, { headers });
      expect(refused.status).toBe(404);
      expect(refused.headers.get("cache-control")).toBe("no-store");
      expect(refused.headers.get("x-page-cache")).toBeNull();
    }
  });
});
