import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";
import { categorySchema, errorBodySchema } from "./schemas";

/**
 * A change to an environment that needs a second admin's approval (APPROVAL_REQUIRED_FOR, issue 35): what GET
 * /api/requests/<id> gives, what a change answers with its 202, and what the pages read. One schema for all of them.
 */
export const CHANGE_REQUEST_STATES = ["pending", "approved", "rejected", "withdrawn", "expired"] as const;

const environment = z.enum(CATALOGUE_ENVIRONMENTS);
const time = z.string(); // ISO 8601, UTC
const newCategory = z.object({ name: z.string(), description: z.optional(z.string()) });

const common = {
  id: z.string(),
  environment,
  state: z.enum(CHANGE_REQUEST_STATES),
  requestedBy: z.string(),
  requestedAt: time,
  decidedBy: z.nullable(z.string()),
  decidedAt: z.nullable(time),
  /** The decider's comment (approve, reject), or the requester's when withdrawing. */
  comment: z.nullable(z.string()),
  summary: z.object({ categories: z.int().check(z.gte(0)) }),
};

/** Once approved: what ran. A job's page follows the rest. */
const jobResult = z.nullable(z.object({ jobId: z.string() }));

const createResult = z.nullable(
  z.union([z.object({ category: categorySchema }), z.object({ error: errorBodySchema })]),
);
const importSummary = z.object({ importId: z.string(), fileName: z.string(), createExisting: z.boolean() });
const promotionSummary = z.object({ from: environment });

export const changeRequestSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("create"),
    ...common,
    details: z.object({ category: newCategory }),
    /** The created category, or the Error body the form would have shown (an unknown outcome included). */
    result: createResult,
  }),
  z.object({
    kind: z.literal("import"),
    ...common,
    details: z.extend(importSummary, { rows: z.array(z.object({ line: z.int(), ...newCategory.shape })) }),
    result: jobResult,
  }),
  z.object({
    kind: z.literal("promotion"),
    ...common,
    details: z.extend(promotionSummary, {
      /** As they were in `from` when the request was made. */
      categories: z.array(z.object({ id: z.string(), ...newCategory.shape })),
    }),
    result: jobResult,
  }),
]);

/**
 * A request as GET /api/requests lists it: what it asks for and how many categories (`summary`), never the rows of an
 * import or the categories of a promotion, which a request's own page reads.
 */
export const changeRequestSummarySchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("create"),
    ...common,
    details: z.object({ category: newCategory }),
    result: createResult,
  }),
  z.object({ kind: z.literal("import"), ...common, details: importSummary, result: jobResult }),
  z.object({ kind: z.literal("promotion"), ...common, details: promotionSummary, result: jobResult }),
]);

/** GET /api/requests?state=… (pending when not given). */
export const changeRequestFilterSchema = z.catch(z.enum([...CHANGE_REQUEST_STATES, "all"]), "pending");

/** POST /api/requests/<id>. */
export const changeRequestDecisionSchema = z.object({
  action: z.enum(["approve", "reject", "withdraw"]),
  comment: z.optional(z.string().check(z.maxLength(2_000, "A comment has at most 2,000 characters."))),
});

export type ChangeRequest = z.output<typeof changeRequestSchema>;
export type ChangeRequestSummary = z.output<typeof changeRequestSummarySchema>;
export type ChangeRequestKind = ChangeRequest["kind"];
export type ChangeRequestState = ChangeRequest["state"];
export type ChangeRequestDecision = z.output<typeof changeRequestDecisionSchema>;
