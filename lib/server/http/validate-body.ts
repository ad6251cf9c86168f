import "server-only";
import type * as z from "zod/mini";
import { AppError } from "@/lib/shared/app-error";

export function validateBody<T extends z.ZodMiniType>(body: unknown, schema: T, notAnObject: string): z.output<T> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new AppError(400, "invalid_request", notAnObject);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0] ?? "body")] ??= issue.message;
  throw new AppError(400, "invalid_request", Object.values(fields).join(". "), fields);
}
