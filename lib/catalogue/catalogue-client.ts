import "server-only";
import * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import { parseExactJson } from "@/lib/categories/exact-json";
import { type Category, type NewCategory, categoryListSchema, categorySchema, errorBodySchema } from "@/lib/categories/schemas";
import { log } from "@/lib/log";

export type CatalogueClientOptions = { baseUrl: string; apiKey: string; timeoutMs: number };

export type CatalogueClient = {
  listCategories(): Promise<Category[]>;
  createCategory(input: NewCategory): Promise<Category>;
};

type Operation = "listCategories" | "createCategory";
type Reply = { status: number; text: string };

const RETRYABLE_STATUS = new Set([502, 503, 504]);

/**
 * The one door to the catalogue service: it alone holds the API key. It calls
 * two fixed operations on one fixed URL, sends only headers it makes itself,
 * and validates every reply before anything else sees it.
 */
export function createCatalogueClient({ baseUrl, apiKey, timeoutMs }: CatalogueClientOptions): CatalogueClient {
  const categoriesUrl = new URL("categories", baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  const headers = { authorization: `Bearer ${apiKey}`, accept: "application/json" };

  async function send(operation: Operation, body?: string): Promise<Reply> {
    // A GET may be repeated once; a POST never is, since the service may already have applied it.
    const attempts = body === undefined ? 2 : 1;
    const deadline = AbortSignal.timeout(timeoutMs);
    for (let attempt = 1; ; attempt++) {
      const started = performance.now();
      try {
        const response = await fetch(categoriesUrl, {
          method: body === undefined ? "GET" : "POST",
          headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
          body,
          signal: deadline,
          cache: "no-store",
          redirect: "manual",
        });
        if (attempt < attempts && RETRYABLE_STATUS.has(response.status)) {
          await response.body?.cancel();
          log.warn("upstream_retry", { operation, status: response.status });
          continue;
        }
        const text = await response.text();
        log.info("upstream_call", { operation, status: response.status, durationMs: Math.round(performance.now() - started) });
        return { status: response.status, text };
      } catch (error) {
        const cause = describeCause(error);
        if (deadline.aborted) {
          log.warn("upstream_timeout", { operation, timeoutMs });
          throw new AppError(504, "upstream_timeout", "The catalogue service did not answer in time.", undefined, { cause: error });
        }
        if (attempt < attempts) {
          log.warn("upstream_retry", { operation, cause });
          continue;
        }
        log.warn("upstream_unavailable", { operation, cause });
        throw new AppError(502, "upstream_unavailable", "The catalogue service could not be reached.", undefined, { cause: error });
      }
    }
  }

  function interpret<T extends z.ZodMiniType>(operation: Operation, reply: Reply, schema: T): z.output<T> {
    if (reply.status >= 200 && reply.status < 300) {
      const parsed = schema.safeParse(tryParse(reply.text));
      if (parsed.success) return parsed.data;
      log.warn("upstream_bad_response", { operation, status: reply.status });
      throw new AppError(502, "upstream_bad_response", "The catalogue service sent a reply this app cannot read.");
    }
    if (reply.status === 400) {
      const error = errorBodySchema.safeParse(tryParse(reply.text));
      const message = error.success ? error.data.message.replaceAll(apiKey, "[redacted]") : "The catalogue service rejected the request.";
      throw new AppError(400, error.success ? error.data.code : "invalid_request", message);
    }
    if (reply.status === 401) {
      log.error("upstream_unauthorized", { operation });
      throw new AppError(502, "upstream_unauthorized", "The catalogue service refused this app's API key. Ask an administrator to check the app's configuration.");
    }
    throw new AppError(502, "upstream_error", `The catalogue service answered with an error (HTTP ${reply.status}).`);
  }

  return {
    async listCategories() {
      return interpret("listCategories", await send("listCategories"), categoryListSchema);
    },
    async createCategory(input) {
      const body = JSON.stringify(input);
      return interpret("createCategory", await send("createCategory", body), categorySchema);
    },
  };
}

function tryParse(text: string): unknown {
  try {
    return parseExactJson(text);
  } catch {
    return undefined;
  }
}

/** Network error causes (ECONNREFUSED, ECONNRESET…) without the URL or headers. */
function describeCause(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined;
  return code ?? (cause instanceof Error ? cause.name : "unknown");
}
