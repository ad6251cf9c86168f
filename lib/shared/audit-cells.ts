import { AUDIT_ACTION_LABELS } from "./audit-actions";
import type { AuditEntry } from "./audit-schemas";
import { ENVIRONMENTS, type Environment } from "./environment";

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
  invalid_token: "API token not valid",
  token_not_allowed: "not for API tokens",
  environment_not_allowed: "environment not allowed to the token",
};

const reasonWords = (code: string | number): string => REASONS[code] ?? String(code).replaceAll("_", " ");

const text = (value: string | number | undefined) => (value === undefined ? "" : String(value));

// As the header's badge says them; any other stored value is shown as it is.
const ENVIRONMENT_WORDS: Record<Environment, string> = { production: "Production", staging: "Staging", local: "Local" };
const environmentWords = (value: string | number | undefined) => {
  const stored = text(value);
  return ENVIRONMENTS.some((environment) => environment === stored) ? ENVIRONMENT_WORDS[stored as Environment] : stored;
};

const LOST_ANSWER = "; found in the catalogue after its response was lost";

/** How it came in: a row of an import or of a promotion, else the form (or the API the form uses), or a token's call. */
function source({
  importId,
  fileName,
  promotionId,
  from,
  confirmedAfterLostAnswer,
  token,
}: AuditEntry["details"]): string {
  const found = confirmedAfterLostAnswer ? LOST_ANSWER : "";
  if (promotionId !== undefined) return `by the promotion from ${text(from) || "another environment"}${found}`;
  if (importId === undefined) return token === undefined ? "with the form" : "through the API";
  return `by the import of ${text(fileName) || "a file"}${found}`;
}

const fromTo = ({ from, environment }: AuditEntry["details"]) => `from ${text(from)} to ${text(environment)}`;

const counts = ({ created, skipped, failed, unknown }: AuditEntry["details"]) =>
  `${text(created)} created, ${text(skipped)} skipped, ${text(failed)} failed, ${text(unknown)} unknown`;

const KIND_WORDS: Record<string, string> = { create: "a create", import: "an import", promotion: "a promotion" };

/** A change request's: what it asks for, who asked, who decided. */
function requestParts({ kind, categories, requestedBy, decidedBy, comment }: AuditEntry["details"]): string[] {
  const what = `${KIND_WORDS[text(kind)] ?? text(kind)} of ${text(categories)} ${categories === 1 ? "category" : "categories"}`;
  return [
    what,
    `requested by ${text(requestedBy)}`,
    decidedBy === undefined ? "" : `decided by ${text(decidedBy)}`,
    comment === undefined ? "" : `"${text(comment)}"`,
  ];
}

const PAGE_WORDS: Record<string, string> = { categories: "Categories", history: "History", compare: "Compare" };

/** A shared view's: which, whose, and what changed. */
function viewParts({ viewName, page, owner, previousName, query, sharedNow }: AuditEntry["details"]): string[] {
  return [
    `"${text(viewName)}" on ${PAGE_WORDS[text(page)] ?? text(page)}`,
    `saved by ${text(owner)}`,
    previousName === undefined ? "" : `renamed from "${text(previousName)}"`,
    query === undefined ? "" : `query "${text(query)}"`,
    sharedNow === undefined ? "" : sharedNow ? "now shared" : "no longer shared",
  ];
}

/** A token's: which, of which account, and where it may act. */
function tokenParts({ tokenName, account, hint, environments, expiresAt }: AuditEntry["details"]): string[] {
  return [
    `"${text(tokenName)}" of ${text(account)}`,
    `ending in ${text(hint)}`,
    environments === undefined ? "every environment" : `only ${text(environments)}`,
    `expires ${text(expiresAt)}`,
  ];
}

/** A webhook endpoint's: which, where to (the host only: a Slack or Teams URL is a secret), and why it stopped. */
function webhookParts({ webhookName, format, host, events, reason }: AuditEntry["details"]): string[] {
  return [
    `"${text(webhookName)}"`,
    format === undefined ? "" : `${text(format)} to ${text(host)}`,
    events === undefined ? "" : `events ${text(events)}`,
    reason === undefined ? "" : text(reason),
  ];
}

/** A change that ran once approved says so. */
const approvedParts = ({ approvedBy }: AuditEntry["details"]): string =>
  approvedBy === undefined ? "" : `approved by ${text(approvedBy)}`;

/** What a service account did names the token it used. */
const tokenUsed = ({ token }: AuditEntry["details"]): string =>
  token === undefined ? "" : `with the token "${text(token)}"`;

function detailParts(entry: AuditEntry): string[] {
  return [...ownParts(entry), approvedParts(entry.details), tokenUsed(entry.details)];
}

function ownParts({ action, details }: AuditEntry): string[] {
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
      return [
        reasonWords(text(details.reason)),
        details.importId === undefined && details.promotionId === undefined ? "" : source(details),
      ];
    case "forbidden":
      return [
        `${text(details.method)} ${text(details.path)}`,
        details.reason === undefined ? "" : reasonWords(text(details.reason)),
      ];
    case "refused":
      return [`${text(details.count)} × ${reasonWords(text(details.reason))}`, from];
    case "import_started":
      return [text(details.fileName)];
    case "import_finished":
    case "import_cancelled":
      return [text(details.fileName), counts(details)];
    case "promotion_started":
      return [fromTo(details), `${text(details.rows)} to send`, `${text(details.skipped)} skipped`];
    case "promotion_finished":
    case "promotion_cancelled":
      return [fromTo(details), counts(details)];
    case "request_created":
    case "request_approved":
    case "request_rejected":
    case "request_withdrawn":
    case "request_expired":
      return requestParts(details);
    case "view_created":
    case "view_changed":
    case "view_deleted":
      return viewParts(details);
    case "service_account_created":
    case "service_account_removed":
      return [text(details.account), text(details.role)];
    case "service_account_changed":
      return [text(details.account), `${text(details.previousRole)} to ${text(details.role)}`];
    case "token_created":
    case "token_revoked":
      return tokenParts(details);
    case "webhook_created":
    case "webhook_changed":
    case "webhook_secret_rotated":
    case "webhook_deleted":
    case "webhook_disabled":
      return webhookParts(details);
    default:
      return [];
  }
}

/** One event as the History page and its CSV export both show it, so the two always agree. */
export function auditCells(entry: AuditEntry) {
  return {
    person: entry.actor ?? "",
    event: AUDIT_ACTION_LABELS[entry.action],
    environment: environmentWords(entry.details.environment),
    categoryId: text(entry.details.categoryId),
    categoryName: text(entry.details.name),
    details: detailParts(entry).filter(Boolean).join(", "),
    requestId: entry.requestId ?? "",
  };
}
