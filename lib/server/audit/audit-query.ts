import "server-only";
import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "./audit-actions";

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 500;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`;
const dateTime = (name: string) =>
  z.optional(z.pipe(z.iso.datetime({ offset: true, error: `${name} must be a date and time like 2026-11-23T10:00:00Z` }), z.transform((text) => new Date(text))));

const BAD_CURSOR = "before must be the next cursor of a previous page";
const MAX_ID = 2n ** 63n - 1n;

export type AuditCursor = { time: Date; id: string };

export const auditQuerySchema = z.object({
  actor: z.optional(z.string().check(z.minLength(1, "actor must not be empty"))),
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` })),
  from: dateTime("from"),
  to: dateTime("to"),
  before: z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^\d{1,15}\.\d{1,19}$/, BAD_CURSOR),
        z.refine((raw) => !/^\d+\.\d+$/.test(raw) || BigInt(raw.split(".")[1] ?? "0") <= MAX_ID, BAD_CURSOR),
      ),
      z.transform((raw): AuditCursor => {
        const [ms = "", id = ""] = raw.split(".");
        return { time: new Date(Number(ms)), id };
      }),
    ),
  ),
  limit: z._default(
    z.pipe(z.string().check(z.regex(/^\d{1,3}$/, LIMIT_MESSAGE)), z.transform(Number)).check(z.refine((n) => n >= 1 && n <= MAX_AUDIT_LIMIT, LIMIT_MESSAGE)),
    DEFAULT_AUDIT_LIMIT,
  ),
});

export type AuditQuery = z.output<typeof auditQuerySchema>;

export const cursorOf = ({ time, id }: AuditCursor): string => `${time.getTime()}.${id}`;
