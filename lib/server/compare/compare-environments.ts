import "server-only";
import { catalogue, environmentNotConfigured } from "@/lib/server/catalogue/catalogue";
import type { CallContext } from "@/lib/server/catalogue/catalogue-client";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { AppError } from "@/lib/shared/app-error";
import { compareCategories } from "@/lib/shared/compare-categories";
import { type CompareEnvironment, type Comparison, ENVIRONMENT_LABELS } from "@/lib/shared/compare-schemas";
import { CATALOGUE_ENVIRONMENTS } from "@/lib/shared/environment";

/** The environment this app does not serve, if any: Compare needs both. */
export const missingEnvironment = (): CompareEnvironment | undefined =>
  CATALOGUE_ENVIRONMENTS.find((environment) => !configuredEnvironments().includes(environment));

/** The same error as the list read gives, with the environment that failed named in its message. */
export function naming(environment: CompareEnvironment) {
  return (error: unknown): never => {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(error.status, error.code, `${ENVIRONMENT_LABELS[environment]}: ${error.message}`, error.fields, {
      cause: error,
      headers: error.headers,
    });
  };
}

/** Both lists, read at the same time, compared. */
export async function compareEnvironments(context: CallContext): Promise<Comparison> {
  const missing = missingEnvironment();
  if (missing) throw environmentNotConfigured(missing);
  const [staging, production] = await Promise.all([
    catalogue("staging").listCategories(context).catch(naming("staging")),
    catalogue("production").listCategories(context).catch(naming("production")),
  ]);
  return compareCategories(staging, production);
}
