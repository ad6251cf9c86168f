import { type StandaloneServer, startStandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { ENV, KNOWN_API_KEY, SESSION_SECRET, UNTIL_IT_RESPONDS, setupValue } from "./constants";

/**
 * One more app instance beside the global setup's: the real embedded catalogue and the run's database, unless `env`
 * says otherwise.
 */
export function startAppInstance({
  port,
  logFile,
  env = {},
}: {
  port: number;
  logFile: string;
  env?: Record<string, string>;
}): Promise<StandaloneServer> {
  const catalogueUrl = (JSON.parse(setupValue(ENV.upstreamUrls)) as string[])[0] ?? "";
  return startStandaloneServer({
    port,
    logFile,
    ready: UNTIL_IT_RESPONDS,
    env: {
      CATALOGUE_API_URL: catalogueUrl,
      CATALOGUE_API_KEY: KNOWN_API_KEY,
      CATALOGUE_ENVIRONMENT: "local",
      SESSION_SECRET,
      DATABASE_URL: setupValue(ENV.databaseUrl),
      ...env,
    },
  });
}
