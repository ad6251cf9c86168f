import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/ports.mjs";
import { startAppInstance } from "./app-instance";

export type TwoEnvironmentApp = { url: string; stop: () => Promise<void> };

/**
 * One app instance configured with both environments (the pair settings, the single ones blank), each its own
 * catalogue and key. Its log goes to a folder of its own: the leak check expects the run's log folder to hold only its
 * own instances.
 */
export async function startTwoEnvironmentApp({
  name,
  stagingUrl,
  productionUrl,
  env = {},
}: {
  name: string;
  stagingUrl: string;
  productionUrl: string;
  env?: Record<string, string>;
}): Promise<TwoEnvironmentApp> {
  const logDir = await mkdtemp(join(tmpdir(), `categories-e2e-${name}-`));
  const port = await freePort();
  try {
    const app = await startAppInstance({
      port,
      logFile: join(logDir, `${name}.log`),
      env: {
        APP_ORIGIN: `http://127.0.0.1:${port}`,
        CATALOGUE_API_URL: "",
        CATALOGUE_API_KEY: "",
        CATALOGUE_ENVIRONMENT: "",
        CATALOGUE_STAGING_URL: stagingUrl,
        CATALOGUE_STAGING_KEY: "e2e-staging-key",
        CATALOGUE_PRODUCTION_URL: productionUrl,
        CATALOGUE_PRODUCTION_KEY: "e2e-production-key",
        ...env,
      },
    });
    return {
      url: app.url,
      stop: async () => {
        await app.stop();
        await rm(logDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(logDir, { recursive: true, force: true });
    throw error;
  }
}
