import "server-only";
import { pagePath } from "@/lib/server/auth/page-path";
import { configuredEnvironments, defaultEnvironment } from "@/lib/server/config/environments";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";

/**
 * The environment of the page being rendered, for the root layout (which Next gives no search parameters): its
 * address's ?environment=, else the default. A page whose value is not served shows the not-found page itself.
 */
export async function headerEnvironment(): Promise<CatalogueEnvironment> {
  const value = new URL(await pagePath(), "http://page.invalid").searchParams.get("environment");
  return isCatalogueEnvironment(value) && configuredEnvironments().includes(value) ? value : defaultEnvironment();
}
