import "server-only";
import { type CatalogueEnvironment, isCatalogueEnvironment } from "@/lib/shared/environment";
import type { CatalogueSettings } from "./catalogue-settings";

/** Which environments' changes wait for a second admin (issue 35), and how long a request may wait. */
export type ApprovalSettings = { requiredFor: CatalogueEnvironment[]; expiresMs: number };

/**
 * APPROVAL_REQUIRED_FOR as environments this deployment serves. With one environment configured, "production" names
 * it whatever its badge says (CATALOGUE_ENVIRONMENT=local or staging), as an address without ?environment= does; its
 * own name does too. Any other name adds a problem: a typo must not leave production without its second pair of eyes.
 */
export function readApprovalSettings(
  names: readonly string[] | undefined,
  expiresHours: number,
  catalogues: readonly CatalogueSettings[],
  problems: string[],
): ApprovalSettings {
  const configured = catalogues.map((catalogue) => catalogue.environment);
  const requiredFor = new Set<CatalogueEnvironment>();
  for (const name of names ?? []) {
    const single = configured.length === 1 && name === "production" ? configured[0] : undefined;
    const environment = single ?? (isCatalogueEnvironment(name) && configured.includes(name) ? name : undefined);
    if (environment) requiredFor.add(environment);
    else if (configured.length > 0)
      problems.push(
        `APPROVAL_REQUIRED_FOR names "${name}", which is not an environment this app serves (it serves ${configured.join(", ")})`,
      );
  }
  return { requiredFor: [...requiredFor], expiresMs: Math.round(expiresHours * 3_600_000) };
}
