import { vi } from "vitest";
import { SESSION_SECRET } from "./auth-fixture";

export const ORIGIN = "http://admin.test";

/** The settings the app requires, plus `env`, for modules imported next: config is read once per module load. */
export function stubAppEnv(env: Record<string, string> = {}): void {
  vi.resetModules();
  vi.unstubAllEnvs();
  const settings = {
    CATALOGUE_API_URL: "http://127.0.0.1:9/v1",
    CATALOGUE_API_KEY: "unused-key",
    SESSION_SECRET,
    APP_ORIGIN: ORIGIN,
    ...env,
  };
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value);
}
