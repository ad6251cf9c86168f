import "server-only";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import { countRefusal } from "@/lib/server/audit/refusal-counter";
import { sessionUser } from "@/lib/server/auth/authenticate";
import { assertSameOrigin } from "@/lib/server/auth/csrf";
import { type Role, type SessionUser, hasRole } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";
import { noteOnSpan } from "@/lib/server/tracing/tracing";
import { toErrorResponse } from "./api-response";
import { clientAddress } from "./client-address";
import { requestIdOf } from "./request-id";
import { addStrictTransportSecurity } from "./strict-transport";
import { closeConnectionIfShuttingDown } from "./shutting-down";

type RouteContext = { requestId: string; user?: SessionUser; params: Record<string, string> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;
/**
 * "provider": the identity provider calls it server to server (back-channel logout), so no Origin check and no
 * session.
 */
type Access = "public" | "provider" | Role;

const SECURITY_CODES = new Set(["csrf_rejected", "forbidden"]);
// Anyone can cause these without a session, so they are counted, never written one by one.
const COUNTED_REFUSALS = new Set([
  "unauthenticated",
  "csrf_rejected",
  "too_many_attempts",
  "busy",
  "invalid_logout_token",
]);

/** Access is enforced here, not in Next's proxy. */
export function apiRoute(
  access: Access,
  handler: Handler,
): (request: Request, segment?: { params: Promise<Record<string, string>> }) => Promise<Response> {
  return async (request, segment) => {
    const started = performance.now();
    const context: RouteContext = { requestId: requestIdOf(request.headers), params: (await segment?.params) ?? {} };
    noteOnSpan({ "app.request_id": context.requestId });
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      if (access !== "provider") assertSameOrigin(request);
      if (access !== "public" && access !== "provider") {
        context.user = await sessionUser(request.headers);
        if (!context.user) throw new AppError(401, "unauthenticated", "Sign in to continue.");
        if (!hasRole(context.user, access))
          throw new AppError(403, "forbidden", `Your role (${context.user.role}) does not allow this.`);
      }
      response = await handler(request, context);
      response.headers.set("x-request-id", context.requestId);
    } catch (error) {
      if (error instanceof AppError) {
        if (SECURITY_CODES.has(error.code))
          log.security(error.code, {
            requestId: context.requestId,
            username: context.user?.username,
            method: request.method,
            path,
          });
        if (COUNTED_REFUSALS.has(error.code)) countRefusal(clientAddress(request.headers), error.code);
        else if (error.code === "forbidden") {
          await recordAudit({
            action: "forbidden",
            actor: context.user?.username,
            requestId: context.requestId,
            details: { method: request.method, path },
          });
        }
      }
      response = toErrorResponse(error, context.requestId);
    }
    closeConnectionIfShuttingDown(response.headers);
    addStrictTransportSecurity(response.headers, request.url);
    log.info("request", {
      requestId: context.requestId,
      method: request.method,
      path,
      status: response.status,
      durationMs: Math.round(performance.now() - started),
      username: context.user?.username,
    });
    return response;
  };
}

export function methodNotAllowed(allow: readonly string[]): (request: Request) => Promise<Response> {
  return apiRoute("public", async (request) => {
    throw new AppError(
      405,
      "method_not_allowed",
      `${request.method} is not supported here. Use ${allow.join(" or ")}.`,
      undefined,
      {
        headers: { allow: allow.join(", ") },
      },
    );
  });
}
