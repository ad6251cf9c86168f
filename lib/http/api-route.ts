import "server-only";
import { recordAudit } from "@/lib/audit/audit-trail";
import { countRefusal } from "@/lib/audit/refusal-counter";
import { sessionUser } from "@/lib/auth/authenticate";
import { assertSameOrigin } from "@/lib/auth/csrf";
import { type Role, type SessionUser, hasRole } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { toErrorResponse } from "./api-response";
import { clientAddress } from "./client-address";
import { requestIdOf } from "./request-id";
import { addStrictTransportSecurity } from "./strict-transport";
import { closeConnectionIfShuttingDown } from "./shutting-down";

export type RouteContext = { requestId: string; user?: SessionUser };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;
/** "public" routes check no session; the others need a signed-in user with at least that role. */
type Access = "public" | Role;

const SECURITY_CODES = new Set(["csrf_rejected", "forbidden"]);
/** Refusals anyone can cause without a session: counted in the audit trail, never written one by one. */
const COUNTED_REFUSALS = new Set(["unauthenticated", "csrf_rejected", "too_many_attempts", "busy"]);

/**
 * Every /api handler goes through here: the cross-site check first, then the
 * session and role, then the handler; whatever is thrown leaves as an Error
 * body, and each request leaves one log line. This, not Next's proxy, is where
 * access is enforced.
 */
export function apiRoute(access: Access, handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const context: RouteContext = { requestId: requestIdOf(request.headers) };
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      assertSameOrigin(request);
      if (access !== "public") {
        context.user = await sessionUser(request.headers);
        if (!context.user) throw new AppError(401, "unauthenticated", "Sign in to continue.");
        if (!hasRole(context.user, access)) throw new AppError(403, "forbidden", `Your role (${context.user.role}) does not allow this.`);
      }
      response = await handler(request, context);
      response.headers.set("x-request-id", context.requestId);
    } catch (error) {
      if (error instanceof AppError) {
        if (SECURITY_CODES.has(error.code)) log.security(error.code, { requestId: context.requestId, username: context.user?.username, method: request.method, path });
        if (COUNTED_REFUSALS.has(error.code)) countRefusal(clientAddress(request.headers), error.code);
        else if (error.code === "forbidden") {
          await recordAudit({ action: "forbidden", actor: context.user?.username, requestId: context.requestId, details: { method: request.method, path } });
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

/** A handler for the methods a route does not support: 405 with the Allow header. */
export function methodNotAllowed(allow: readonly string[]): (request: Request) => Promise<Response> {
  return apiRoute("public", async (request) => {
    throw new AppError(405, "method_not_allowed", `${request.method} is not supported here. Use ${allow.join(" or ")}.`, undefined, {
      headers: { allow: allow.join(", ") },
    });
  });
}
