import "server-only";
import { recordAudit } from "@/lib/server/audit/audit-trail";
import { countRefusal } from "@/lib/server/audit/refusal-counter";
import { sessionUser } from "@/lib/server/auth/authenticate";
import { assertSameOrigin } from "@/lib/server/auth/csrf";
import { type Role, type SessionUser, hasRole } from "@/lib/server/auth/roles";
import { AppError } from "@/lib/shared/app-error";
import { log } from "@/lib/server/log";
import { noteOnSpan } from "@/lib/server/tracing/tracing";
import { tokenNotAllowed } from "@/lib/server/tokens/token-errors";
import type { TokenCaller } from "@/lib/server/tokens/token-caller";
import { bearerCredential, tokenUser } from "@/lib/server/tokens/token-user";
import { toErrorResponse } from "./api-response";
import { clientAddress } from "./client-address";
import { requestIdOf } from "./request-id";
import { addStrictTransportSecurity } from "./strict-transport";
import { closeConnectionIfShuttingDown } from "./shutting-down";

/** token: the API token the request came with; `user` is then its service account. */
type RouteContext = { requestId: string; user?: SessionUser; token?: TokenCaller; params: Record<string, string> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;
/**
 * "provider": the identity provider calls it server to server (back-channel logout), so no Origin check and no
 * session.
 */
type Access = "public" | "provider" | Role;
/**
 * tokens "accepted": a service account's API token may call it, as that account (issue 46). Routes accept none unless
 * they say so: deciding requests, the event stream, tokens, service accounts and sign-in stay for people.
 */
type Options = { tokens?: "accepted" };

const SECURITY_CODES = new Set(["csrf_rejected", "forbidden", "token_not_allowed", "environment_not_allowed"]);
const FORBIDDEN_CODES = new Set(["forbidden", "token_not_allowed", "environment_not_allowed"]);
// Anyone can cause these without a session, so they are counted, never written one by one.
const COUNTED_REFUSALS = new Set([
  "unauthenticated",
  "csrf_rejected",
  "too_many_attempts",
  "busy",
  "invalid_logout_token",
  "invalid_token",
]);

/** Access is enforced here, not in Next's proxy. */
export function apiRoute(
  access: Access,
  handler: Handler,
  options: Options = {},
): (request: Request, segment?: { params: Promise<Record<string, string>> }) => Promise<Response> {
  return async (request, segment) => {
    const started = performance.now();
    const context: RouteContext = { requestId: requestIdOf(request.headers), params: (await segment?.params) ?? {} };
    noteOnSpan({ "app.request_id": context.requestId });
    const path = new URL(request.url).pathname;
    let response: Response;
    try {
      const bearer = access === "provider" ? undefined : bearerCredential(request.headers);
      if (bearer !== undefined) {
        // A token is no ambient credential, so no Origin check; a cookie sent beside it is not read.
        ({ user: context.user, token: context.token } = await tokenUser(bearer, request.headers));
        if (options.tokens !== "accepted") throw tokenNotAllowed();
      } else if (access !== "provider") assertSameOrigin(request);
      if (access !== "public" && access !== "provider") {
        context.user ??= await sessionUser(request.headers);
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
        else if (FORBIDDEN_CODES.has(error.code)) {
          await recordAudit({
            action: "forbidden",
            actor: context.user?.username,
            requestId: context.requestId,
            details: {
              method: request.method,
              path,
              reason: error.code === "forbidden" ? undefined : error.code,
              token: context.token?.name,
            },
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
      token: context.token?.name,
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
