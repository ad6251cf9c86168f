import * as z from "zod/mini";
import { auditEntrySchema } from "./audit-schemas";
import { CATALOGUE_ENVIRONMENTS } from "./environment";
import { CHANGE_REQUEST_STATES } from "./change-request-schemas";

/**
 * The `data` of each webhook event type (issue 45), as the app sends it: docs/webhooks.md shows each as JSON Schema,
 * and the tests read what a receiver got with them. Data is thin: what happened, who, and the page to open.
 */
const environment = z.enum(CATALOGUE_ENVIRONMENTS);
const link = z.string().check(z.describe("The page in the app: APP_ORIGIN and its path."));

const requestEvent = z.looseObject({
  request: z.looseObject({
    id: z.string(),
    kind: z.enum(["create", "import", "promotion"]),
    environment,
    state: z.enum(CHANGE_REQUEST_STATES),
    requestedBy: z.string(),
    decidedBy: z.nullable(z.string()),
    comment: z.nullable(z.string()),
    summary: z.looseObject({ categories: z.int() }),
  }),
  url: link,
});

const jobEvent = z.looseObject({
  job: z.looseObject({
    id: z.string(),
    kind: z.enum(["import", "promotion"]),
    environment,
    state: z.enum(["running", "paused", "finished", "cancelled"]),
    counts: z.record(z.string(), z.int()),
  }),
  url: link,
});

export const WEBHOOK_EVENT_SCHEMAS = {
  ping: z.looseObject({ webhook: z.looseObject({ id: z.string(), name: z.string() }), by: z.string(), url: link }),
  "category.created": z.looseObject({
    environment,
    category: z.looseObject({
      // A number, not z.int(): an int64 id above 2^53 is sent with every digit, past a double's safe range.
      id: z.number().check(z.describe("An integer, every digit kept: above 2^53, read it with a big-integer parser.")),
      name: z.string(),
      description: z.optional(z.string()),
    }),
    by: z.nullable(z.string()),
    via: z.enum(["form", "import", "promotion", "service"]),
  }),
  "request.created": requestEvent,
  "request.approved": requestEvent,
  "request.rejected": requestEvent,
  "request.withdrawn": requestEvent,
  "request.expired": requestEvent,
  "import.finished": jobEvent,
  "import.paused": jobEvent,
  "promotion.finished": jobEvent,
  "promotion.paused": jobEvent,
  /** A History entry, as one of GET /api/audit's `entries`. */
  "audit.recorded": auditEntrySchema,
} as const;

/** Every event: its type, when it happened (ISO 8601, UTC) and its data. */
export const webhookEventSchema = z.object({ type: z.string(), timestamp: z.string(), data: z.unknown() });
