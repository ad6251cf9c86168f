// Stored in the audit trail as they are: a name may be added, never renamed. The words are what the History page shows.
export const AUDIT_ACTION_LABELS = {
  signed_in: "Signed in",
  sign_in_failed: "Sign-in refused",
  signed_out: "Signed out",
  session_ended_by_provider: "Session ended by the provider",
  sso_sign_in_failed: "Single sign-on failed",
  sso_no_access: "Signed in without access",
  category_create_requested: "Create sent, outcome unknown",
  category_created: "Created category",
  category_create_failed: "Create failed",
  category_create_refused: "Create refused",
  forbidden: "Forbidden",
  refused: "Requests refused",
  import_started: "Import started",
  import_finished: "Import finished",
  import_cancelled: "Import cancelled",
  promotion_started: "Promotion started",
  promotion_finished: "Promotion finished",
  promotion_cancelled: "Promotion cancelled",
  request_created: "Approval requested",
  request_approved: "Request approved",
  request_rejected: "Request rejected",
  request_withdrawn: "Request withdrawn",
  request_expired: "Request expired",
  view_created: "Shared view saved",
  view_changed: "Shared view changed",
  view_deleted: "Shared view deleted",
  webhook_created: "Webhook added",
  webhook_changed: "Webhook changed",
  webhook_secret_rotated: "Webhook secret rotated",
  webhook_deleted: "Webhook deleted",
  webhook_disabled: "Webhook switched off",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
