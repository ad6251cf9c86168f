import { expect } from "vitest";
import { json, startFakeCatalogue } from "./fake-catalogue";
import { type SsoApps, type SsoOptions, startSsoApps } from "./sso-apps";
import { type AuditRow, type StandaloneApp, startStandaloneApp } from "./standalone-app";

export type SsoServers = SsoApps<StandaloneApp> & {
  /** The first replica's URL. */
  app: string;
  /**
   * Every replica's JSON log lines, once the request `requestId` has written its last one (its "request" line): the
   * output arrives a little after the response.
   */
  logLinesThrough: (requestId: string) => Promise<Record<string, unknown>[]>;
  /** The audit entries one request made. */
  auditOf: (requestId: string) => Promise<AuditRow[]>;
};

/**
 * SSO replicas of the built server (sso-apps.ts) on the test file's own database, beside a catalogue that lists
 * "dog".
 */
export async function startSsoServers(options: SsoOptions = {}): Promise<SsoServers> {
  const catalogue = await startFakeCatalogue(() => json(200, [{ id: 1, name: "dog" }]));
  try {
    const sso = await startSsoApps(
      (port, env) => startStandaloneApp({ catalogueUrl: catalogue.url, port, env }),
      options,
    );
    const [first] = sso.apps;
    if (!first) throw new Error("no replica started");
    const logLines = () => sso.apps.flatMap((app) => app.logLines());
    return {
      ...sso,
      app: first.url,
      logLinesThrough: async (requestId) => {
        const logged = () => logLines().some((line) => line.event === "request" && line.requestId === requestId);
        await expect.poll(logged, { timeout: 10_000, message: `the log line of request ${requestId}` }).toBe(true);
        return logLines();
      },
      auditOf: async (requestId) => (await first.auditEntries()).filter((entry) => entry.requestId === requestId),
      stop: () => sso.stop().finally(() => catalogue.close()),
    };
  } catch (error) {
    await catalogue.close();
    throw error;
  }
}
