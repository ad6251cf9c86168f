import "server-only";
import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "@/lib/shared/audit-actions";

// Here, not in lib/shared: the browser only reads pages, and with this schema there (dates, cursors) every page,
// /login too, would ship more of zod.
export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 500;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`;
const MAX_ID = 2n ** 63n - 1n;

const dateTime = (name: string) =>
  z.optional(
    z.pipe(
      z.iso.datetime({ offset: true, error: `${name} must be a date and time like 2026-11-23T10:00:00Z` }),
      z.transform((text) => new Date(text)),
    ),
  );

export type AuditCursor = { time: Date; id: string };

const cursor = (name: string) => {
  const message = `${name} must be a cursor of a page read before`;
  return z.optional(
    z.pipe(
      z.string().check(
        z.regex(/^\d{1,15}\.\d{1,19}$/, message),
        z.refine((raw) => !/^\d+\.\d+$/.test(raw) || BigInt(raw.split(".")[1] ?? "0") <= MAX_ID, message),
      ),
      z.transform((raw): AuditCursor => {
        const [ms = "", id = ""] = raw.split(".");
        return { time: new Date(Number(ms)), id };
      }),
    ),
  );
};

/** What a person can narrow the trail to: the History page's filters, the API's and the export's. */
export const auditFiltersSchema = z.object({
  actor: z.optional(z.string().check(z.minLength(1, "actor must not be empty"))),
  action: z.optional(z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` })),
  from: dateTime("from"),
  to: dateTime("to"),
  // Matches a category's id exactly, or its name anywhere in it, ignoring case.
  q: z.optional(z.string().check(z.trim(), z.minLength(1, "q must not be empty"))),
  category: z.optional(z.string().check(z.regex(/^\d{1,19}$/, "category must be a category id"))),
});

export const auditQuerySchema = z
  .extend(auditFiltersSchema, {
    before: cursor("before"),
    after: cursor("after"),
    limit: z._default(
      z
        .pipe(z.string().check(z.regex(/^\d{1,3}$/, LIMIT_MESSAGE)), z.transform(Number))
        .check(z.refine((n) => n >= 1 && n <= MAX_AUDIT_LIMIT, LIMIT_MESSAGE)),
      DEFAULT_AUDIT_LIMIT,
    ),
  })
  .check(
    z.refine((query) => query.before === undefined || query.after === undefined, "Send before or after, not both."),
  );

export type AuditFilters = z.output<typeof auditFiltersSchema>;
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const cursorOf = ({ time, id }: AuditCursor): string => `${time.getTime()}.${id}`;
