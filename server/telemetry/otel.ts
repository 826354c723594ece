// Traces over OTLP/HTTP with the OpenTelemetry SDK. Loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is
// set (./index.ts imports it lazily): without it the SDK is never loaded and nothing is traced.
// The current span is kept in this module's own AsyncLocalStorage and each span names its parent
// explicitly, so nothing global (context manager, tracer provider) is registered: two sites in one
// process (the tests) keep their traces apart.
import { AsyncLocalStorage } from "node:async_hooks";
import { ROOT_CONTEXT, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";
import type { SpanAttributes, SpanHandle, Tracing } from "./index";

/** The service's name in the traces, unless OTEL_SERVICE_NAME (read by the SDK's resource detector) names another. */
const SERVICE_NAME = "bloques";

export function startOtelTracing(endpoint: string): Tracing {
  // The standard variable names the collector's base address; traces go to its /v1/traces.
  const url = new URL("v1/traces", endpoint.endsWith("/") ? endpoint : `${endpoint}/`).href;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: SERVICE_NAME }).merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))],
  });
  const tracer = provider.getTracer(SERVICE_NAME);
  const current = new AsyncLocalStorage<Span>();

  const handle = (span: Span): SpanHandle => ({
    set: (attributes) => void span.setAttributes(attributes),
    rename: (name) => void span.updateName(name),
    fail: (message) => void span.setStatus({ code: SpanStatusCode.ERROR, message }),
    end: () => span.end(),
  });
  const start = (name: string, attributes: SpanAttributes) => {
    const parent = current.getStore();
    return tracer.startSpan(name, { attributes }, parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT);
  };

  return {
    start: (name, attributes) => handle(start(name, attributes)),
    async inSpan(name, attributes, fn) {
      const span = start(name, attributes);
      try {
        return await current.run(span, () => fn(handle(span)));
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
        throw error;
      } finally {
        span.end();
      }
    },
    around(name, attributes, run) {
      const span = start(name, attributes);
      current.run(span, run);
      return handle(span);
    },
    current() {
      const context = current.getStore()?.spanContext();
      return context ? { traceId: context.traceId, spanId: context.spanId } : undefined;
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
