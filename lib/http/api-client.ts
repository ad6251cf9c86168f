import type * as z from "zod/mini";
import { parseExactJson } from "@/lib/categories/exact-json";
import { errorBodySchema } from "@/lib/categories/schemas";
import { AppError } from "@/lib/errors/app-error";

/** fetch for this app's /api, turning a network failure into an AppError. */
export async function sendApiRequest(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AppError(0, "network_error", "The admin app could not be reached. Check your connection.", undefined, { cause: error });
  }
}

/** Reads one of our /api responses: the success schema (or nothing, for 204), or the Error body as an AppError. */
export async function readApiResponse(response: Response): Promise<void>;
export async function readApiResponse<T extends z.ZodMiniType>(response: Response, schema: T): Promise<z.output<T>>;
export async function readApiResponse(response: Response, schema?: z.ZodMiniType): Promise<unknown> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? parseExactJson(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    const requestId = response.headers.get("x-request-id") ?? undefined;
    if (error.success) {
      const { status, code, message, fields } = error.data;
      throw new AppError(status, code, message, fields, { requestId: error.data.requestId ?? requestId });
    }
    throw new AppError(response.status, "unexpected_response", `The admin app answered with HTTP ${response.status}.`, undefined, { requestId });
  }
  if (!schema) return undefined;
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(response.status, "unexpected_response", "The admin app sent a reply this page cannot read.");
  return parsed.data;
}
