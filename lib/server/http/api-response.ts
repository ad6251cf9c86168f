import "server-only";
import { AppError } from "@/lib/shared/app-error";
import type { ErrorBody } from "@/lib/shared/schemas";
import { log } from "@/lib/server/log";

export function jsonResponse(body: BodyInit, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function toErrorResponse(error: unknown, requestId: string): Response {
  const known =
    error instanceof AppError
      ? error
      : new AppError(500, "internal_error", "Something went wrong in the admin app. Try again in a moment.");
  if (!(error instanceof AppError)) {
    log.error("unexpected_error", {
      requestId,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    });
  }
  const body: ErrorBody = { code: known.code, message: known.message, status: known.status };
  if (known.fields) body.fields = known.fields;
  body.requestId = requestId;
  return jsonResponse(JSON.stringify(body), known.status, { ...known.headers, "x-request-id": requestId });
}
