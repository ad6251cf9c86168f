import type * as z from "zod/mini";
import { AppError } from "@/lib/shared/app-error";
import { parseExactJson } from "@/lib/shared/exact-json";
import { errorBodySchema } from "@/lib/shared/schemas";

export async function sendApiRequest(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(input, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AppError(0, "network_error", "The admin app could not be reached. Check your connection.", undefined, {
      cause: error,
    });
  }
}

/** A change sent with a JSON body: POST unless told otherwise. */
export const sendApiJson = (input: string, body: unknown, method = "POST"): Promise<Response> =>
  sendApiRequest(input, { method, headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

export async function readApiResponse(response: Response): Promise<void>;
export async function readApiResponse<T>(response: Response, schema: z.ZodMiniType<T>): Promise<T>;
export async function readApiResponse<T>(response: Response, schema?: z.ZodMiniType<T>): Promise<T | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    // The status and headers can arrive and the body still break off midway (a dropped connection).
    throw new AppError(
      0,
      "response_incomplete",
      "The connection broke before the whole response arrived. Try again.",
      undefined,
      { cause: error },
    );
  }
  let body: unknown;
  try {
    body = text ? parseExactJson(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const requestId = response.headers.get("x-request-id") ?? undefined;
    const error = errorBodySchema.safeParse(body);
    if (error.success) {
      const { status, code, message, fields } = error.data;
      throw new AppError(status, code, message, fields, { requestId: error.data.requestId ?? requestId });
    }
    throw new AppError(
      response.status,
      "unexpected_response",
      `The admin app answered with HTTP ${response.status}.`,
      undefined,
      { requestId },
    );
  }
  if (!schema) return undefined;
  const value = schema.safeParse(body);
  if (!value.success)
    throw new AppError(response.status, "unexpected_response", "The admin app sent a reply this page cannot read.");
  return value.data;
}
