import type { CatalogueEnvironment } from "./environment";
import * as z from "zod/mini";
import { categorySchema } from "./schemas";

/** The two environments a comparison reads; the same names as the environments setting. */
export type CompareEnvironment = CatalogueEnvironment;

const categoryPairSchema = z.object({ staging: categorySchema, production: categorySchema });

/** GET /api/compare's answer: what differs between staging and production, and how many are the same. */
export const comparisonSchema = z.object({
  onlyInStaging: z.array(categorySchema),
  onlyInProduction: z.array(categorySchema),
  differing: z.array(categoryPairSchema),
  same: z.int().check(z.gte(0)),
});

export type CategoryPair = z.output<typeof categoryPairSchema>;
export type Comparison = z.output<typeof comparisonSchema>;

export const ENVIRONMENT_LABELS: Record<CompareEnvironment, string> = { staging: "Staging", production: "Production" };

/** The environment a failed comparison names at the start of its error message ("Staging: …"), if any. */
export function failedEnvironment(message: string): CompareEnvironment | undefined {
  return (["staging", "production"] as const).find((environment) =>
    message.startsWith(`${ENVIRONMENT_LABELS[environment]}: `),
  );
}
