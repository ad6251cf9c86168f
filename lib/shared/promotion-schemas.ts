import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";
import { importJobSchema, importRowSchema } from "./import-schemas";

const environment = z.enum(CATALOGUE_ENVIRONMENTS, { error: "must be staging or production" });

const ID = /^-?\d+$/;

/**
 * The ids as strings. An id as /api/compare gives it, a bare number, is taken while a JSON number holds it exactly; a
 * larger one would arrive rounded to another id, so it must come as a string. Checked one by one, stopping at the
 * first that is not an id, so a long list of bad ids gives one message.
 */
const categoryIds = z.pipe(
  z.array(z.unknown(), { error: "ids must be a list of category ids" }),
  z.transform((ids, context) => {
    const strings: string[] = [];
    for (const [index, id] of ids.entries()) {
      if (typeof id === "string" && ID.test(id)) strings.push(id);
      else if (typeof id === "number" && Number.isSafeInteger(id)) strings.push(String(id));
      else {
        context.issues.push({
          code: "custom",
          input: id,
          message: `ids[${index}] is not a category id: send the id's digits as a string`,
        });
        return z.NEVER;
      }
    }
    return strings;
  }),
);

/** What POST /api/promotions takes: categories of one environment, by id, to be created in the other. */
export const promotionRequestSchema = z
  .object({
    from: environment,
    to: environment,
    ids: z.pipe(categoryIds, z.array(z.string()).check(z.minLength(1, "Choose at least one category to promote."))),
  })
  .check(
    z.refine((request) => request.from !== request.to, {
      message: "from and to must be different environments",
      path: ["to"],
    }),
  );

/** A promotion is an import job whose rows come from the other environment's list: the same fields and counts. */
export const promotionSchema = z.extend(
  z.omit(importJobSchema, { fileName: true, createExisting: true, ignoredColumns: true }),
  { from: environment, to: environment },
);

export const promotionRowSchema = z.extend(importRowSchema, {
  /** The category's id in the environment it was read from. */
  sourceId: z.string(),
});

export const promotionWithRowsSchema = z.extend(promotionSchema, { rows: z.array(promotionRowSchema) });
export const promotionListSchema = z.array(promotionSchema);

export const promotionActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({ action: z.literal("send-unknown-again") }),
]);

export type PromotionRequest = z.output<typeof promotionRequestSchema>;
export type Promotion = z.output<typeof promotionSchema>;
export type PromotionRow = z.output<typeof promotionRowSchema>;
export type PromotionWithRows = z.output<typeof promotionWithRowsSchema>;
