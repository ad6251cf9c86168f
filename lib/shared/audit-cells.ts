import { AUDIT_ACTION_LABELS } from "./audit-actions";
import type { AuditEntry } from "./audit-schemas";

const REASONS: Record<string, string> = {
  unauthenticated: "not signed in",
  csrf_rejected: "sent from another site",
  too_many_attempts: "too many sign-in attempts",
  busy: "server busy",
  invalid_logout_token: "logout token not valid",
  sso_flow_missing: "sign-in callback without a sign-in",
  invalid_credentials: "wrong username or password",
  validation_failed: "the form's values were not valid",
  store_unavailable: "database unavailable",
};

export const reasonWords = (code: string | number): string => REASONS[code] ?? String(code).replaceAll("_", " ");

const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));

/** How it came in: a row of an import, else the form (or the API the form uses). */
function source({ importId, fileName, confirmedAfterLostAnswer }: AuditEntry["details"]): string {
  if (importId === undefined) return "with the form";
  const found = confirmedAfterLostAnswer ? "; found in the catalogue after its response was lost" : "";
  return `by the import of ${text(fileName) || "a file"}${found}`;
}

function detailParts({ action, details }: AuditEntry): string[] {
  const from = details.address === undefined ? "" : `from ${details.address}`;
  switch (action) {
    case "signed_in":
      return [details.method === "sso" ? "single sign-on" : "local account", text(details.role), from];
    case "sign_in_failed":
      return [reasonWords("invalid_credentials"), from];
    case "sso_sign_in_failed":
      return [text(details.reason), text(details.detail), from];
    case "sso_no_access":
      return [`no role in the provider's "${text(details.claim)}" claim`, from];
    case "category_create_requested":
    case "category_created":
      return [source(details)];
    case "category_create_failed":
    case "category_create_refused":
      return [reasonWords(text(details.reason)), details.importId === undefined ? "" : source(details)];
    case "forbidden":
      return [`${text(details.method)} ${text(details.path)}`];
    case "refused":
      return [`${text(details.count)} × ${reasonWords(text(details.reason))}`, from];
    case "import_started":
      return [text(details.fileName)];
    case "import_finished":
    case "import_cancelled":
      return [
        text(details.fileName),
        `${text(details.created)} created, ${text(details.skipped)} skipped, ${text(details.failed)} failed, ${text(details.unknown)} unknown`,
      ];
    default:
      return [];
  }
}

/** One event as the History page and its CSV export both show it, so the two always agree. */
export function auditCells(entry: AuditEntry) {
  return {
    person: entry.actor ?? "",
    event: AUDIT_ACTION_LABELS[entry.action],
    categoryId: text(entry.details.categoryId),
    categoryName: text(entry.details.name),
    details: detailParts(entry).filter(Boolean).join(", "),
    requestId: entry.requestId ?? "",
  };
}

export type AuditCells = ReturnType<typeof auditCells>;
