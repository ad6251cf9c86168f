/** What the audit trail records; shared by the server and the pages that filter by it. */
export const AUDIT_ACTIONS = [
  "signed_in",
  "sign_in_failed",
  "signed_out",
  // A create as it is sent to the catalogue; completed as category_created or category_create_failed.
  "category_create_requested",
  "category_created",
  "category_create_failed",
  // A create refused before it was sent (invalid input).
  "category_create_refused",
  "forbidden",
  // Refusals of requests without a session, counted per client address, reason and minute (refusal-counter.ts).
  "refused",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
