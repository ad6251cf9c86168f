import * as z from "zod/mini";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

// int64: above 2^53 it arrives as bigint (parseExactJson) and leaves as its exact decimal string.
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

export const categorySchema = z.object({
  id: categoryIdSchema,
  name: z.string(),
  description: z.optional(z.string()),
});

export const categoryListSchema = z.array(categorySchema);

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
