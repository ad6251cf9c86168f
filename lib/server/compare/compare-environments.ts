import "server-only";
import type { CallContext } from "@/lib/server/catalogue/catalogue-client";
import { AppError } from "@/lib/shared/app-error";
import { compareCategories } from "@/lib/shared/compare-categories";
import { type CompareEnvironment, type Comparison, ENVIRONMENT_LABELS } from "@/lib/shared/compare-schemas";
import { bothEnvironmentsConfigured, readEnvironment } from "./read-environments";

export function environmentNotConfigured(): AppError {
  return new AppError(
    404,
    "environment_not_configured",
    "Compare needs both staging and production, and this app is configured with one environment.",
  );
}

/** The same error as the list read gives, with the environment that failed named in its message. */
function naming(environment: CompareEnvironment) {
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
  if (!bothEnvironmentsConfigured()) throw environmentNotConfigured();
  const [staging, production] = await Promise.all([
    readEnvironment("staging", context).catch(naming("staging")),
    readEnvironment("production", context).catch(naming("production")),
  ]);
  return compareCategories(staging, production);
}
