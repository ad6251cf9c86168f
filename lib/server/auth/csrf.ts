import "server-only";
import { AppError } from "@/lib/shared/app-error";
import { appOrigin } from "./request-origin";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// With SameSite cookies and JSON-only bodies (415), this is the whole CSRF defence.
export function assertSameOrigin(request: Request): void {
  if (!STATE_CHANGING.has(request.method)) return;
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  if ((site !== null && site !== "same-origin") || (origin !== null && origin !== appOrigin(request.headers))) {
    throw new AppError(403, "csrf_rejected", "This request came from another site and was refused.");
  }
}
