import type { Environment } from "@/lib/config/config-schema";

const LABELS: Record<Environment, string> = { production: "Production", staging: "Staging", local: "Local" };

/** Colour and text both say which catalogue this is, so the badge never relies on colour alone. */
export function EnvironmentBadge({ environment }: { environment: Environment }) {
  return (
    <span className={`badge badge-${environment}`}>
      <span className="visually-hidden">Environment: </span>
      {LABELS[environment]}
    </span>
  );
}

export function titlePrefix(environment: Environment): string {
  return environment === "production" ? "" : `[${environment.toUpperCase()}] `;
}
