import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";

/**
 * Webhook endpoints (issue 45): what /api/webhooks gives and takes, and what the settings pages read. The secret is
 * never part of an endpoint: only a create's and a rotation's answers carry it, once.
 */
const WEBHOOK_FORMATS = ["standard", "slack", "teams"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** The events an endpoint may subscribe to. `ping` is not one: a test event goes to an endpoint whatever it takes. */
export const WEBHOOK_EVENT_TYPES = [
  "category.created",
  "request.created",
  "request.approved",
  "request.rejected",
  "request.withdrawn",
  "request.expired",
  "import.finished",
  "import.paused",
  "promotion.finished",
  "promotion.paused",
  "audit.recorded",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number] | "ping";

const NAME_MAX = 80;
const URL_MAX = 2_000;

const name = z.pipe(
  z.string({ error: "Give the endpoint a name." }),
  z.pipe(
    z.transform((value: string) => value.trim()),
    z
      .string()
      .check(
        z.minLength(1, "Give the endpoint a name."),
        z.maxLength(NAME_MAX, `An endpoint's name has at most ${NAME_MAX} characters.`),
      ),
  ),
);

const URL_MESSAGE = "Enter the receiver's http or https URL, like https://hooks.example.com/catalogue.";
function isWebUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}
const url = z.string({ error: URL_MESSAGE }).check(z.maxLength(URL_MAX, URL_MESSAGE), z.refine(isWebUrl, URL_MESSAGE));

const events = z
  .array(
    z.enum(WEBHOOK_EVENT_TYPES, {
      error: `Each event must be one of ${WEBHOOK_EVENT_TYPES.join(", ")}.`,
    }),
    { error: 'List the events to send, like ["request.created"].' },
  )
  .check(z.minLength(1, "Choose at least one event."));

/** null or absent: every environment's events. */
const environments = z.nullable(
  z.array(
    z.enum(CATALOGUE_ENVIRONMENTS, { error: `Each environment must be one of ${CATALOGUE_ENVIRONMENTS.join(", ")}.` }),
    {
      error: "List the environments, or leave them out for all of them.",
    },
  ),
);

export const newWebhookSchema = z.object({
  name,
  url,
  format: z.enum(WEBHOOK_FORMATS, { error: `The format must be one of ${WEBHOOK_FORMATS.join(", ")}.` }),
  events,
  environments: z._default(environments, null),
});

/** PATCH /api/webhooks/<id>: any of them. */
export const webhookChangeSchema = z.object({
  name: z.optional(name),
  url: z.optional(url),
  events: z.optional(events),
  environments: z.optional(environments),
  enabled: z.optional(z.boolean({ error: "enabled must be true or false." })),
});

export const webhookSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  format: z.enum(WEBHOOK_FORMATS),
  events: z.array(z.string()),
  environments: z.nullable(z.array(z.string())),
  enabled: z.boolean(),
  disabledReason: z.nullable(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
});

const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const deliverySchema = z.object({
  id: z.string(),
  type: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.array(
    z.object({
      at: z.string(),
      status: z.nullable(z.int()),
      error: z.nullable(z.string()),
      durationMs: z.int(),
      response: z.nullable(z.string()),
    }),
  ),
  nextAttemptAt: z.nullable(z.string()),
  /** Why it failed without an attempt of its own: its endpoint was switched off. */
  failedReason: z.nullable(z.string()),
  createdAt: z.string(),
});

/** GET /api/webhooks: each endpoint with its newest delivery's type, state and time (its last attempt's, or its queueing's). */
export const webhookListSchema = z.object({
  webhooks: z.array(
    z.extend(webhookSchema, {
      lastDelivery: z.nullable(z.object({ type: z.string(), state: z.enum(DELIVERY_STATES), at: z.string() })),
    }),
  ),
});

/** POST /api/webhooks: the secret only for a `standard` endpoint. */
export const createdWebhookSchema = z.object({ webhook: webhookSchema, secret: z.optional(z.string()) });
export const rotatedSecretSchema = z.object({ secret: z.string() });
export const deliveryListSchema = z.object({ deliveries: z.array(deliverySchema) });
export const queuedDeliverySchema = z.object({ delivery: deliverySchema });

export const redeliverSchema = z.object({
  action: z.enum(["redeliver"], { error: 'Send {"action": "redeliver"}.' }),
});

// The browser's cache keys: the settings pages fill them on the server, so the lists come with the page.
export const webhookListKey = ["webhooks", "list"] as const;
export const webhookKey = (id: string) => ["webhooks", "one", id] as const;
export const deliveriesKey = (id: string) => ["webhooks", "deliveries", id] as const;

export type NewWebhook = z.output<typeof newWebhookSchema>;
export type WebhookChange = z.output<typeof webhookChangeSchema>;
export type Webhook = z.output<typeof webhookSchema>;
export type Delivery = z.output<typeof deliverySchema>;
export type ListedWebhook = z.output<typeof webhookListSchema>["webhooks"][number];
