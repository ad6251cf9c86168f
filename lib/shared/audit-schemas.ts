import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "./audit-actions";

export const auditEntrySchema = z.object({
  id: z.string(),
  time: z.string(),
  actor: z.nullable(z.string()),
  action: z.enum(AUDIT_ACTIONS),
  requestId: z.nullable(z.string()),
  details: z.record(z.string(), z.union([z.string(), z.number()])),
});

/** A page newest first; `older` and `newer` are the cursors of the pages beside it, null where there is none. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  older: z.nullable(z.string()),
  newer: z.nullable(z.string()),
});

export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditPage = z.output<typeof auditPageSchema>;
