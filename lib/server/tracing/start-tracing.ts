import "server-only";
import { OTLPTraceExporter as JsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as ProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider } from "@opentelemetry/sdk-trace-node";
import { markTracingOn } from "./tracing";

/**
 * Exports traces over OTLP/HTTP, protobuf unless OTEL_EXPORTER_OTLP(_TRACES)_PROTOCOL says http/json. The exporters
 * read the endpoint, headers, timeout and compression from the standard variables; the resource takes
 * OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES. Registering the provider globally gives Next's own spans to it too.
 */
export function startTracing(): void {
  const protocol = process.env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? process.env.OTEL_EXPORTER_OTLP_PROTOCOL;
  const exporter = protocol?.trim() === "http/json" ? new JsonExporter() : new ProtobufExporter();
  const resource = defaultResource()
    .merge(resourceFromAttributes({ "service.name": "categories-admin" }))
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();
  markTracingOn(() => provider.forceFlush());
}
