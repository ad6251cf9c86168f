import "server-only";
import { getConfig } from "@/lib/server/config/config";
import type { CatalogueEnvironment } from "@/lib/shared/environment";

/** Whether a change to this environment waits for a second admin (APPROVAL_REQUIRED_FOR). */
export const approvalRequired = (environment: CatalogueEnvironment): boolean =>
  getConfig().approval.requiredFor.includes(environment);
