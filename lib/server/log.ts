import "server-only";
import pino from "pino";
import { configSchema } from "@/lib/node/config-schema.mjs";
import { currentTraceId } from "@/lib/server/tracing/tracing";
import { tracingWanted } from "@/lib/server/tracing/tracing-wanted";

type Fields = Record<string, string | number | boolean | undefined>;

// LOG_LEVEL as the settings check reads it, its default included (a bad value stops the app at start).
const level = configSchema.shape.LOG_LEVEL.safeParse(process.env.LOG_LEVEL || undefined);

// Callers pass named fields only; the redact list is a second line of defence for secrets.
const options: pino.LoggerOptions = {
  level: level.success ? level.data : "info",
  base: { environment: process.env.CATALOGUE_ENVIRONMENT ?? "production" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  messageKey: "event",
  redact: { paths: ["password", "authorization", "cookie", "apiKey", "token", "headers"], censor: "[redacted]" },
  // With tracing on, each line names the trace it belongs to; without, no line pays for asking.
  ...(tracingWanted() && {
    mixin: () => {
      const traceId = currentTraceId();
      return traceId ? { trace_id: traceId } : {};
    },
  }),
};

// Synchronous outside development, so a line logged while the process exits is never lost.
const logger =
  process.env.NODE_ENV === "development"
    ? pino({ ...options, transport: { target: "pino-pretty", options: { messageKey: "event" } } })
    : pino(options, pino.destination({ dest: 1, sync: true }));

export const log = {
  info: (event: string, fields: Fields = {}) => logger.info(fields, event),
  warn: (event: string, fields: Fields = {}) => logger.warn(fields, event),
  error: (event: string, fields: Fields = {}) => logger.error(fields, event),
  security: (event: string, fields: Fields = {}) => logger.warn({ type: "security", ...fields }, event),
  audit: (event: string, fields: Fields = {}) => logger.info({ type: "audit", ...fields }, event),
  flush: () => new Promise<void>((resolve) => logger.flush(() => resolve())),
};
