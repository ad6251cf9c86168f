import "server-only";
import { environmentNotConfigured } from "@/lib/server/catalogue/catalogue";
import { configuredEnvironments, environmentLabel } from "@/lib/server/config/environments";
import { isCatalogueEnvironment } from "@/lib/shared/environment";

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
