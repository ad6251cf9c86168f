import * as z from "zod/mini";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The spec's int64 id. JSON numbers above 2^53 arrive as bigint from
 * `parseExactJson`, so both forms are accepted and the id leaves as its exact
 * decimal string: a JS number would silently round 9007199254740993.
 */
export const categoryIdSchema = z.pipe(
  z.union([z.int(), z.bigint().check(z.gte(INT64_MIN), z.lte(INT64_MAX))]),
  z.transform((id) => String(id)),
);

/** What a client sends to create a category. The spec sets no length, uniqueness or character rules. */
export const newCategorySchema = z.object({
  name: z
    .string({ error: (issue) => (issue.input === undefined ? "Enter a name" : "Name must be text") })
    // An empty field is how a form says "missing"; it is not a length rule.
    .check(z.minLength(1, "Enter a name")),
  description: z.optional(z.string({ error: "Description must be text" })),
  id: z.optional(z.never({ error: "Leave out id: the catalogue service assigns it" })),
});

/** A category as the catalogue service returns it; `id` is a decimal string here. */
export const categorySchema = z.object({
  id: categoryIdSchema,
  name: z.string(),
  description: z.optional(z.string()),
});

export const categoryListSchema = z.array(categorySchema);

/** The Error body of the spec, plus optional per-field messages and our request id. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  status: z.int(),
  fields: z.optional(z.record(z.string(), z.string())),
  requestId: z.optional(z.string()),
});

export type NewCategory = z.output<typeof newCategorySchema>;
export type NewCategoryInput = z.input<typeof newCategorySchema>;
export type Category = z.output<typeof categorySchema>;
export type ErrorBody = z.output<typeof errorBodySchema>;
