import "server-only";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Job } from "@/lib/shared/job-schemas";
import { kindOf } from "@/lib/server/jobs/job-kinds";
import { environmentNotAllowed } from "./token-errors";

/** The API token a request came with: its service account acts, and it may touch only its environments (null: any). */
export type TokenCaller = {
  id: string;
  name: string;
  account: string;
  environments: readonly CatalogueEnvironment[] | null;
};

const refusedBy = (token: TokenCaller | undefined, environments: readonly CatalogueEnvironment[]) =>
  token?.environments ? environments.find((environment) => !token.environments?.includes(environment)) : undefined;

/** Whether the request may touch every one of `environments`: always without a token or with an unlimited one. */
export const tokenMay = (token: TokenCaller | undefined, ...environments: CatalogueEnvironment[]): boolean =>
  refusedBy(token, environments) === undefined;

/**
 * Refuses (403 environment_not_allowed) a request whose token may not touch one of `environments`. Route handlers
 * call it wherever they learn an environment: from the address, the body, or the job or request they read.
 */
export function assertTokenMay(token: TokenCaller | undefined, ...environments: CatalogueEnvironment[]): void {
  const refused = refusedBy(token, environments);
  if (refused) throw environmentNotAllowed(refused);
}

/** The environments a job touches, as its kind says (a promotion reads one and writes the other). */
export const jobEnvironments = (job: Job): CatalogueEnvironment[] => kindOf(job).environments(job);

/** `job`, when the request's token may touch every environment the job does; 403 environment_not_allowed otherwise. */
export function allowedJob<J extends Job>(token: TokenCaller | undefined, job: J): J {
  assertTokenMay(token, ...jobEnvironments(job));
  return job;
}
