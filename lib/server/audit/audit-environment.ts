import "server-only";
import { environmentNotConfigured } from "@/lib/server/catalogue/catalogue";
import { configuredEnvironments, environmentLabel } from "@/lib/server/config/environments";
import { getConfig } from "@/lib/server/config/config";
import { isCatalogueEnvironment } from "@/lib/shared/environment";

/**
 * What an event stores as its environment: the environment's label, as the header's badge says it. With both
 * environments that is "production" or "staging"; with one it is CATALOGUE_ENVIRONMENT ("local" included), as every
 * event stored before there were two. An event about no environment (a sign-in, a refusal) has none with two.
 */
export function storedEnvironment(named: string | number | undefined): string | undefined {
  if (isCatalogueEnvironment(named)) return environmentLabel(named);
  const config = getConfig();
  return config.catalogues.length === 1 ? config.environment : undefined;
}

/**
 * ?environment= of GET /api/audit and its export: no filter without it, else the stored value to match. Any other
 * value, or an environment not configured, is a 404 environment_not_configured, as on the other APIs.
 */
export function environmentFilter(request: Request): string | undefined {
  const value = new URL(request.url).searchParams.get("environment");
  if (value === null) return undefined;
  if (!isCatalogueEnvironment(value) || !configuredEnvironments().includes(value))
    throw environmentNotConfigured(value);
  return environmentLabel(value);
}
