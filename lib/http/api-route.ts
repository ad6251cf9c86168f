import "server-only";
import { requireApiUser } from "@/lib/auth/authenticate";
import { assertSameOrigin } from "@/lib/auth/csrf";
import type { Role, SessionUser } from "@/lib/auth/roles";
import { AppError } from "@/lib/errors/app-error";
import { log } from "@/lib/log";
import { toErrorResponse } from "./api-response";
import { requestIdOf } from "./request-id";

type Context = { requestId: string; user?: SessionUser };
type Handler = (request: Request, context: Context) => Promise<Response>;
/** "public" routes check no session; the others need a signed-in user with at least that role. */
type Access = "public" | Role;

const SECURITY_CODES = new Set(["csrf_rejected", "forbidden"]);

/**
 * Every /api handler goes through here: the cross-site check first, then the
 * session and role, then the handler; whatever is thrown leaves as an Error
 * body. This, not Next's proxy, is where access is enforced.
 */
export function apiRoute(access: Access, handler: Handler): (request: Request) => Promise<Response> {
  return async (request) => {
    const requestId = requestIdOf(request.headers);
    let user: SessionUser | undefined;
    try {
      assertSameOrigin(request);
      if (access !== "public") user = await requireApiUser(request, access);
      const response = await handler(request, { requestId, user });
      response.headers.set("x-request-id", requestId);
      return response;
    } catch (error) {
      if (error instanceof AppError && SECURITY_CODES.has(error.code)) {
        log.security(error.code, { requestId, username: user?.username, method: request.method, path: new URL(request.url).pathname });
      }
      return toErrorResponse(error, { "x-request-id": requestId });
    }
  };
}

/** A handler for the methods a route does not support: 405 with the Allow header. */
export function methodNotAllowed(allow: readonly string[]): (request: Request) => Promise<Response> {
  return apiRoute("public", async (request) => {
    const error = new AppError(405, "method_not_allowed", `${request.method} is not supported here. Use ${allow.join(" or ")}.`);
    return toErrorResponse(error, { allow: allow.join(", ") });
  });
}
