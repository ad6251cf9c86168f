import "server-only";
import { remember } from "@epic-web/remember";
import { type Attributes, SpanKind, SpanStatusCode, context, propagation, trace } from "@opentelemetry/api";

// Set once at start when OTEL_EXPORTER_OTLP_ENDPOINT is: otherwise every helper here returns at once, so that without
// tracing no span, context or header work happens on the request path.
const state = () => remember("tracing", (): { on: boolean; flush?: () => Promise<void> } => ({ on: false }));

const tracingOn = () => state().on;
export function markTracingOn(flush: () => Promise<void>): void {
  Object.assign(state(), { on: true, flush });
}

/** Sends the spans still buffered: at shutdown, so the last requests' traces are not lost. */
export const flushTracing = async (): Promise<void> => state().flush?.();

const tracer = () => trace.getTracer("categories-admin");

/** Runs `work` in a client span named `name`, ended with its outcome; just `work` when tracing is off. */
export function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracingOn()) return work();
  return tracer().startActiveSpan(name, { kind: SpanKind.CLIENT, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : "error" });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Only inside a request's or a job's span: a query with no parent (the job queue's polling) is not traced. The name is
 * worked out only for a span that is made.
 */
export function inChildSpan<T>(name: () => string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  if (!tracingOn() || !trace.getActiveSpan()) return work();
  return inSpan(name(), attributes, work);
}

/** An attribute on the span in progress (the request's, or a catalogue call's). */
export function noteOnSpan(attributes: Attributes): void {
  if (tracingOn()) trace.getActiveSpan()?.setAttributes(attributes);
}

/** The W3C traceparent (and tracestate) of the span in progress, for a call to another service. */
export function traceHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  if (tracingOn()) propagation.inject(context.active(), headers);
  return headers;
}

/** For log lines: the trace they belong to. */
export function currentTraceId(): string | undefined {
  if (!tracingOn()) return undefined;
  const span = trace.getActiveSpan()?.spanContext();
  return span && trace.isSpanContextValid(span) ? span.traceId : undefined;
}
