import "server-only";
import { chosenEnvironment } from "@/lib/server/environment/environment-param";
import { AppError } from "@/lib/shared/app-error";
import type { ViewPage } from "@/lib/shared/saved-view-schemas";
import { normaliseViewQuery } from "@/lib/shared/view-query";

const refused = (message: string) => new AppError(400, "invalid_request", message, { query: message });

/**
 * The query a view keeps: what the page's address schema accepts, written as the page writes it. History's
 * environment filter must also be one this app serves, as the page and GET /api/audit require.
 */
export function checkedQuery(page: ViewPage, query: string): string {
  const normalised = normaliseViewQuery(page, query);
  if ("fields" in normalised) throw refused(normalised.fields.query);
  const environment = new URLSearchParams(normalised.query).get("environment");
  if (environment !== null && !chosenEnvironment(environment))
    throw refused(`environment ${environment} is not served by this app`);
  return normalised.query;
}
