// A local OpenTelemetry collector for the tests: an OTLP/HTTP receiver on 127.0.0.1 that decodes the
// JSON payload the SDK's exporter sends to /v1/traces (gzipped or not, as OTEL_EXPORTER_OTLP_COMPRESSION
// asks) into spans, and answers as a collector does. A payload it cannot read fails the test.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";

type AnyValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: number;
  service: string;
}

export interface OtlpReceiver {
  /** The base address, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Payloads that were not an OTLP JSON export request, with why. */
  refused: string[];
  close(): Promise<void>;
}

const valueOf = (value: AnyValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.boolValue ?? value.doubleValue ?? JSON.stringify(value)));

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        if (req.method !== "POST" || req.url !== "/v1/traces") throw new Error(`${req.method} ${req.url}: se esperaba POST /v1/traces`);
        if (!String(req.headers["content-type"]).startsWith("application/json")) throw new Error(`Content-Type ${req.headers["content-type"]}`);
        const raw = Buffer.concat(chunks);
        const body = JSON.parse((req.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8"));
        if (!Array.isArray(body.resourceSpans)) throw new Error("falta resourceSpans");
        for (const resourceSpans of body.resourceSpans) {
          const resource = Object.fromEntries(
            (resourceSpans.resource?.attributes ?? []).map((a: { key: string; value: AnyValue }) => [a.key, valueOf(a.value)]),
          );
          for (const scope of resourceSpans.scopeSpans ?? [])
            for (const span of scope.spans ?? []) {
              if (!/^[0-9a-f]{32}$/.test(span.traceId) || !/^[0-9a-f]{16}$/.test(span.spanId))
                throw new Error(`ids mal formados: ${span.traceId} ${span.spanId}`);
              spans.push({
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                attributes: Object.fromEntries((span.attributes ?? []).map((a: { key: string; value: AnyValue }) => [a.key, valueOf(a.value)])),
                status: span.status?.code ?? 0,
                service: String(resource["service.name"]),
              });
            }
        }
        res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ message: (error as Error).message }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
