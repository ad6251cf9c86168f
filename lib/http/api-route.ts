import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { toErrorResponse } from "./api-response";

type Handler = (request: Request) => Promise<Response>;

/** Wraps a route handler so that whatever it throws leaves as an Error body, never as an HTML 500. */
export function apiRoute(handler: Handler): Handler {
  return async (request) => {
    try {
      return await handler(request);
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** A handler for the methods a route does not support: 405 with the Allow header. */
export function methodNotAllowed(allow: readonly string[]): Handler {
  return async (request) =>
    toErrorResponse(new AppError(405, "method_not_allowed", `${request.method} is not supported here. Use ${allow.join(" or ")}.`), {
      allow: allow.join(", "),
    });
}
