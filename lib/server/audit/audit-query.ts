import "server-only";
import * as z from "zod/mini";
import { historyFilterFields } from "@/lib/shared/history-filters";

const DEFAULT_AUDIT_LIMIT = 50;
const MAX_AUDIT_LIMIT = 500;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_AUDIT_LIMIT}`;

const dateTime = (name: string) =>
  z.optional(
    z.pipe(
      z.iso.datetime({ offset: true, error: `${name} must be a date and time like 2026-11-23T10:00:00Z` }),
      z.transform((text) => new Date(text)),
    ),
  );

export type AuditCursor = { time: Date; id: string };

const cursor = (name: "before" | "after") =>
  z.optional(
    z.pipe(
      historyFilterFields[name],
      z.transform((raw): AuditCursor => {
        const [ms = "", id = ""] = raw.split(".");
        return { time: new Date(Number(ms)), id };
      }),
    ),
  );

/** What a person can narrow the audit trail to: the History page's filters, the API's and the export's. */
export const auditFiltersSchema = z.object({
  actor: z.optional(historyFilterFields.actor),
  action: z.optional(historyFilterFields.action),
  from: dateTime("from"),
  to: dateTime("to"),
  q: z.optional(historyFilterFields.q),
  category: z.optional(historyFilterFields.category),
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

/** The environment's stored value (environmentFilter reads it apart: a value not served is a 404, not a 400). */
type EnvironmentFilter = { environment?: string };

export type AuditFilters = z.output<typeof auditFiltersSchema> & EnvironmentFilter;
export type AuditQuery = z.output<typeof auditQuerySchema> & EnvironmentFilter;

export const cursorOf = ({ time, id }: AuditCursor): string => `${time.getTime()}.${id}`;
