import "server-only";
import { pagePath } from "@/lib/server/auth/page-path";
import { defaultEnvironment } from "@/lib/server/config/environments";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { chosenEnvironment } from "./environment-param";

/**
 * The ?environment= of the page being rendered, for layouts (which Next gives no search parameters): the default
 * without one, undefined for one this app does not serve.
 */
export async function addressEnvironment(): Promise<CatalogueEnvironment | undefined> {
  const { pathname, searchParams } = new URL(await pagePath(), "http://page.invalid");
  const value = searchParams.get("environment");
  // The History filters are a plain GET form until the page's scripts run: its "Any environment" sends an empty value.
  return chosenEnvironment(value === "" && pathname === "/history" ? null : value);
}

/** The environment the header shows: a page whose address names one not served shows the not-found page. */
export async function headerEnvironment(): Promise<CatalogueEnvironment> {
  return (await addressEnvironment()) ?? defaultEnvironment();
}
