import "server-only";
import pino from "pino";

type Fields = Record<string, string | number | boolean | undefined>;

/**
 * JSON lines (readable with pino-pretty under `next dev`). Callers pass named
 * fields only, so a key, cookie or password reaches a line only if someone
 * names it here; the redact list is a second fence for those names.
 */
const options: pino.LoggerOptions = {
  level: process.env.LOG_LEVEL ?? "info",
  base: { environment: process.env.CATALOGUE_ENVIRONMENT ?? "production" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
  messageKey: "event",
  redact: { paths: ["password", "authorization", "cookie", "apiKey", "token", "headers"], censor: "[redacted]" },
};

// Synchronous writes outside development: a line logged while the process exits (shutdown, crash) is never lost.
const logger =
  process.env.NODE_ENV === "development"
    ? pino({ ...options, transport: { target: "pino-pretty", options: { messageKey: "event" } } })
    : pino(options, pino.destination({ dest: 1, sync: true }));

export const log = {
  info: (event: string, fields: Fields = {}) => logger.info(fields, event),
  warn: (event: string, fields: Fields = {}) => logger.warn(fields, event),
  error: (event: string, fields: Fields = {}) => logger.error(fields, event),
  /** Sign-ins, sign-outs and refusals, as their own event type so they can be watched apart. */
  security: (event: string, fields: Fields = {}) => logger.warn({ type: "security", ...fields }, event),
  /** The audit trail's events, also written to the audit file. */
  audit: (event: string, fields: Fields = {}) => logger.info({ type: "audit", ...fields }, event),
  /** Writes out anything buffered; for shutdown. */
  flush: () => new Promise<void>((resolve) => logger.flush(() => resolve())),
};
