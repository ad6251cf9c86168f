import type { ErrorBody } from "@/lib/categories/schemas";
import { AppError } from "@/lib/errors/app-error";
import { parseJsonExactly } from "./parse-json-exactly";

/** fetch for this app's /api, turning a network failure into an AppError. */
export async function sendApiRequest(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AppError(0, "network_error", "The admin app could not be reached. Check your connection.", undefined, { cause: error });
  }
}

/**
 * Reads one of our /api responses: `read`'s result for the body (nothing, for 204), or the Error body as an AppError.
 * `read` returns undefined for a body it does not recognise.
 */
export async function readApiResponse(response: Response): Promise<void>;
export async function readApiResponse<T>(response: Response, read: (body: unknown) => T | undefined): Promise<T>;
export async function readApiResponse<T>(response: Response, read?: (body: unknown) => T | undefined): Promise<T | undefined> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? await parseJsonExactly(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = readErrorBody(body);
    const requestId = response.headers.get("x-request-id") ?? undefined;
    if (error) {
      const { status, code, message, fields } = error;
      throw new AppError(status, code, message, fields, { requestId: error.requestId ?? requestId });
    }
    throw new AppError(response.status, "unexpected_response", `The admin app answered with HTTP ${response.status}.`, undefined, { requestId });
  }
  if (!read) return undefined;
  const value = read(body);
  if (value === undefined) throw new AppError(response.status, "unexpected_response", "The admin app sent a reply this page cannot read.");
  return value;
}

/** Our own Error body (`errorBodySchema` on the server), checked by hand so no page ships zod just to read it. */
function readErrorBody(body: unknown): ErrorBody | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { code, message, status, fields, requestId } = body as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string" || !Number.isInteger(status)) return undefined;
  const stringFields =
    typeof fields === "object" && fields !== null && Object.values(fields).every((value) => typeof value === "string")
      ? (fields as Record<string, string>)
      : undefined;
  return { code, message, status: status as number, fields: stringFields, requestId: typeof requestId === "string" ? requestId : undefined };
}
