import * as z from "zod/mini";
import { AUDIT_ACTIONS } from "./audit-actions";
import { CATALOGUE_ENVIRONMENTS } from "./environment";

const MAX_ID = 2n ** 63n - 1n;

/** A page's place in the audit trail, as GET /api/audit gave it: "<milliseconds>.<id>". */
const cursor = (name: string) => {
  const message = `${name} must be a cursor of a page read before`;
  return z.string().check(
    z.regex(/^\d{1,15}\.\d{1,19}$/, message),
    z.refine((raw) => !/^\d+\.\d+$/.test(raw) || BigInt(raw.split(".")[1] ?? "0") <= MAX_ID, message),
  );
};

/**
 * The History filters as text, for both sides: GET /api/audit and its export refuse a value that does not fit, with
 * the message here, and the History page reads it from its URL as no filter.
 */
export const historyFilterFields = {
  actor: z.string().check(z.trim(), z.minLength(1, "actor must not be empty")),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(", ")}` }),
  // The API answers any other value with 404 environment_not_configured, as its other routes do.
  environment: z.enum(CATALOGUE_ENVIRONMENTS, { error: `environment must be ${CATALOGUE_ENVIRONMENTS.join(" or ")}` }),
  // Matches a category's id exactly, or its name anywhere in it, ignoring case.
  q: z.string().check(z.trim(), z.minLength(1, "q must not be empty")),
  category: z.string().check(z.regex(/^\d{1,19}$/, "category must be a category id")),
  before: cursor("before"),
  after: cursor("after"),
};
