import "server-only";
export const AUDIT_ACTIONS = [
  "signed_in",
  "sign_in_failed",
  "signed_out",
  "sso_sign_in_failed",
  "sso_no_access",
  "category_create_requested",
  "category_created",
  "category_create_failed",
  "category_create_refused",
  "forbidden",
  "refused",
  "import_started",
  "import_finished",
  "import_cancelled",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];
