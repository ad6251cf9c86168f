import "server-only";
import { defaultEnvironment } from "@/lib/server/config/environments";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";

/** The environment an import sends to: its own, or for an import made before there were two, the default. */
export function jobEnvironment(job: { environment: string | null }): CatalogueEnvironment {
  return isCatalogueEnvironment(job.environment) ? job.environment : defaultEnvironment();
}
