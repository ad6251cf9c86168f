import type { Environment } from "@/lib/shared/environment";

export const ENVIRONMENT_LABELS: Record<Environment, string> = {
  production: "Production",
  staging: "Staging",
  local: "Local",
};

export function EnvironmentBadge({ environment }: { environment: Environment }) {
  return (
    <span className={`badge badge-${environment}`}>
      <span className="visually-hidden">Environment: </span>
      {ENVIRONMENT_LABELS[environment]}
    </span>
  );
}

export function titlePrefix(environment: Environment): string {
  return environment === "production" ? "" : `[${environment.toUpperCase()}] `;
}
