import "server-only";
import { createHash } from "node:crypto";
import type * as z from "zod/mini";
import { parseExactJson } from "@/lib/shared/exact-json";
import {
  type Category,
  type NewCategory,
  categoryListSchema,
  categorySchema,
  errorBodySchema,
} from "@/lib/shared/schemas";
import { AppError } from "@/lib/shared/app-error";
import { failedBeforeSending } from "@/lib/shared/create-outcome";
import { log } from "@/lib/server/log";
import { inSpan, noteOnSpan, traceHeaders } from "@/lib/server/tracing/tracing";
import type { CatalogueOutcome } from "@/lib/server/metrics/app-metrics";
import { createBreaker } from "./circuit-breaker";
import { ConnectTimeoutError, type HttpReply, httpCall } from "./http-call";

export type CatalogueClientOptions = {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  breakerFailures: number;
  breakerCooldownMs: number;
  onOutcome?: (ok: boolean) => void;
  /** On each call's trace span, beside the operation and status (never the key). */
  spanAttributes?: Record<string, string>;
  /** Each call's outcome and how long it took, for the metrics. */
  onCall?: (operation: Operation, outcome: CatalogueOutcome, seconds: number) => void;
};

export type CallContext = { requestId: string };

/** A list that passed the schema, kept as the service sent it so that every id stays exact. */
type CheckedList = { bytes: Buffer<ArrayBuffer>; etag: string };
/** The parsed list comes only with the call that checked a new list: later calls with the same bytes skip the parse. */
type CategoryListBytes = CheckedList & { categories?: Category[] };

export type CatalogueClient = {
  listCategories(context: CallContext): Promise<Category[]>;
  listCategoriesAsJson(context: CallContext): Promise<CategoryListBytes>;
  /** The size of the last list read, if any: what the next one will likely be. */
  lastListBytes(): number | undefined;
  createCategory(input: NewCategory, context: CallContext): Promise<Category>;
  /** Calls are being refused by the circuit breaker now. */
  breakerOpen(): boolean;
};

type Operation = "listCategories" | "createCategory";

const OUTCOMES: Record<string, CatalogueOutcome> = {
  upstream_timeout: "timeout",
  upstream_unavailable: "unavailable",
  upstream_connection_lost: "connection_lost",
  upstream_bad_response: "bad_response",
  upstream_unauthorized: "unauthorized",
  upstream_busy: "busy",
};

function outcomeOf(error: unknown): CatalogueOutcome {
  if (!(error instanceof AppError)) return "error";
  return error.status === 400 ? "rejected" : (OUTCOMES[error.code] ?? "error");
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

export function createCatalogueClient(options: CatalogueClientOptions): CatalogueClient {
  const { baseUrl, apiKey, timeoutMs, connectTimeoutMs, onOutcome, onCall } = options;
  const categoriesUrl = new URL("categories", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const breaker = createBreaker(options.breakerFailures, options.breakerCooldownMs);
  // The last list that passed the schema. Each request still asks the service; only the check of an unchanged list is
  // skipped, as checking a large list takes longer than the service takes to send it.
  let validated: CheckedList | undefined;
  let lastListBytes: number | undefined;
  // Concurrent requests share the call in flight; nothing is kept once it has ended.
  let listInFlight: Promise<CategoryListBytes> | undefined;

  async function send(operation: Operation, { requestId }: CallContext, body?: string): Promise<HttpReply> {
    // A POST is never repeated: the service may already have applied it.
    const attempts = body === undefined ? 2 : 1;
    const signal = AbortSignal.timeout(timeoutMs);
    const headers = {
      authorization: `Bearer ${apiKey}`,
      accept: "application/json",
      "x-request-id": requestId,
      ...(body !== undefined && { "content-type": "application/json" }),
      // The service's own traces join this call's.
      ...traceHeaders(),
    };
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        const reply = await httpCall(categoriesUrl, {
          method: body === undefined ? "GET" : "POST",
          headers,
          body,
          connectTimeoutMs,
          signal,
        });
        const durationMs = Math.round(performance.now() - started);
        if (attempt < attempts && RETRYABLE_STATUS.has(reply.status)) {
          log.warn("upstream_retry", { requestId, operation, status: reply.status, durationMs });
          continue;
        }
        log.info("upstream_call", { requestId, operation, status: reply.status, durationMs });
        noteOnSpan({ "http.response.status_code": reply.status });
        return reply;
      } catch (error) {
        const cause = describeCause(error);
        if (signal.aborted) {
          log.warn("upstream_timeout", { requestId, operation, timeoutMs });
          throw new AppError(504, "upstream_timeout", "The catalogue service did not answer in time.", undefined, {
            cause: error,
          });
        }
        if (attempt < attempts) {
          log.warn("upstream_retry", { requestId, operation, cause });
          continue;
        }
        log.warn("upstream_unavailable", { requestId, operation, cause });
        if (failedBeforeSending(cause)) {
          throw new AppError(502, "upstream_unavailable", "The catalogue service could not be reached.", undefined, {
            cause: error,
          });
        }
        throw new AppError(
          502,
          "upstream_connection_lost",
          "The connection to the catalogue service broke before it answered.",
          undefined,
          { cause: error },
        );
      }
    }
  }

  function interpret<T extends z.ZodMiniType>(
    operation: Operation,
    { requestId }: CallContext,
    reply: HttpReply,
    schema: T,
  ): z.output<T> {
    if (reply.status >= 200 && reply.status < 300) {
      const parsed = schema.safeParse(tryParse(reply.body.toString("utf8")));
      if (parsed.success) return parsed.data;
      log.warn("upstream_bad_response", { requestId, operation, status: reply.status });
      throw new AppError(502, "upstream_bad_response", "The catalogue service sent a reply this app cannot read.");
    }
    if (reply.status === 400) {
      const error = errorBodySchema.safeParse(tryParse(reply.body.toString("utf8")));
      const message = error.success
        ? error.data.message.replaceAll(apiKey, "[redacted]")
        : "The catalogue service rejected the request.";
      throw new AppError(400, error.success ? error.data.code : "invalid_request", message);
    }
    if (reply.status === 429) {
      throw new AppError(
        503,
        "upstream_busy",
        "The catalogue service is busy and did not take the request. Try again in a moment.",
        undefined,
        {
          headers: { "retry-after": "5" },
        },
      );
    }
    if (reply.status === 401) {
      log.error("upstream_unauthorized", { requestId, operation });
      throw new AppError(
        502,
        "upstream_unauthorized",
        "The catalogue service refused this app's API key. Ask an administrator to check the app's configuration.",
      );
    }
    throw new AppError(502, "upstream_error", `The catalogue service answered with an error (HTTP ${reply.status}).`);
  }

  function call<T>(operation: Operation, run: () => Promise<T>): Promise<T> {
    const attributes = { "catalogue.operation": operation, ...options.spanAttributes };
    return inSpan(`catalogue ${operation}`, attributes, () => measured(operation, run));
  }

  async function measured<T>(operation: Operation, run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let ticket;
    try {
      ticket = breaker.enter();
    } catch (error) {
      onCall?.(operation, outcomeOf(error), seconds());
      throw error;
    }
    try {
      const result = await run();
      ticket.succeeded();
      onOutcome?.(true);
      onCall?.(operation, "ok", seconds());
      return result;
    } catch (error) {
      const answered = error instanceof AppError && error.status === 400;
      if (answered) ticket.succeeded();
      else ticket.failed();
      onOutcome?.(answered);
      onCall?.(operation, outcomeOf(error), seconds());
      throw error;
    }
  }

  async function listAsJson(context: CallContext): Promise<CategoryListBytes> {
    const reply = await send("listCategories", context);
    lastListBytes = reply.body.byteLength;
    const ok = reply.status >= 200 && reply.status < 300;
    if (ok && validated?.bytes.equals(reply.body)) return validated;
    const categories = interpret("listCategories", context, reply, categoryListSchema);
    validated = { bytes: reply.body, etag: `"${createHash("sha1").update(reply.body).digest("base64url")}"` };
    return { ...validated, categories };
  }

  function sharedList(context: CallContext): Promise<CategoryListBytes> {
    if (listInFlight) {
      log.info("upstream_call_shared", { requestId: context.requestId, operation: "listCategories" });
      return listInFlight;
    }
    listInFlight = call("listCategories", () => listAsJson(context)).finally(() => {
      listInFlight = undefined;
    });
    return listInFlight;
  }

  return {
    listCategoriesAsJson: sharedList,
    lastListBytes: () => lastListBytes,
    breakerOpen: breaker.isOpen,
    listCategories: (context) =>
      call("listCategories", async () =>
        interpret("listCategories", context, await send("listCategories", context), categoryListSchema),
      ),
    createCategory: (input, context) =>
      call("createCategory", async () =>
        interpret(
          "createCategory",
          context,
          await send("createCategory", context, JSON.stringify(input)),
          categorySchema,
        ),
      ),
  };
}

function tryParse(text: string): unknown {
  try {
    return parseExactJson(text);
  } catch {
    return undefined;
  }
}

function describeCause(error: unknown): string {
  if (error instanceof ConnectTimeoutError) return "connect_timeout";
  const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : undefined;
  return code ?? (error instanceof Error ? error.name : "unknown");
}
