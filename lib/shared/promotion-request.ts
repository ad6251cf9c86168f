import * as z from "zod/mini";
import { CATALOGUE_ENVIRONMENTS } from "./environment";

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

export type PromotionRequest = z.output<typeof promotionRequestSchema>;
