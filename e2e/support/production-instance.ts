import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/lib/ports.mjs";
import type { StandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { startAppInstance } from "./app-instance";
import { ENV, setupValue } from "./constants";

/**
 * One more app instance, configured as production, for the specs that need to see one; the global setup's instances
 * are staging and local. Its catalogue is the unreachable one (pages that need no list still render) unless given, and
 * its log goes to a folder of its own, not the run's log folder, whose exact contents the leak check expects.
 */
export async function startProductionInstance({
  catalogueUrl,
}: { catalogueUrl?: string } = {}): Promise<StandaloneServer> {
  const deadCatalogue = (JSON.parse(setupValue(ENV.upstreamUrls)) as string[])[2] ?? "";
  const dir = await mkdtemp(join(tmpdir(), "categories-e2e-production-"));
  const port = await freePort();
  const server = await startAppInstance({
    port,
    logFile: join(dir, "production.log"),
    env: {
      CATALOGUE_API_URL: catalogueUrl ?? deadCatalogue,
      CATALOGUE_ENVIRONMENT: "production",
      APP_ORIGIN: `http://127.0.0.1:${port}`,
    },
  }).catch(async (error: unknown) => {
    await rm(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    stop: (graceMs) => server.stop(graceMs).finally(() => rm(dir, { recursive: true, force: true })),
  };
}
