import { freePort } from "../../scripts/lib/ports.mjs";
import { type TestIdp, startTestIdp } from "../../scripts/lib/test-idp.mjs";

/** What the apps under test call their provider, and whom they tell people to ask for access. */
export const SSO_NAME = "Test SSO";
export const ACCESS_HELP = "Ask the catalogue team to add you to the catalogue-staff group.";
export const FLOW_COOKIE = "categories_oidc";
export const SESSION_COOKIE = "categories_session";

/** What a JWT looks like (its header starts with {"): none may reach the browser or a log. */
export const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;

type Issuer = { url: string; clientId: string; clientSecret: string };

export type SsoOptions = {
  replicas?: number;
  env?: Record<string, string>;
  /** false: the apps start against an issuer where nothing listens yet; `startIdp()` starts it there later. */
  startIdp?: boolean;
  /** Another provider (rogue-provider.ts) instead of the test one. */
  issuer?: Issuer;
};

/** How the caller starts one replica: the e2e run's database and log folder, or the Vitest file's own database. */
export type StartReplica<App> = (port: number, env: Record<string, string>, index: number) => Promise<App>;

export type SsoApps<App> = {
  apps: App[];
  /** The test provider, once it runs. */
  idp: () => TestIdp;
  startIdp: () => Promise<TestIdp>;
  stop: () => Promise<void>;
};

/**
 * App replicas configured for single sign-on against a real OpenID provider (scripts/lib/test-idp.mjs) on loopback,
 * each on a free port. The provider's back-channel logout goes to the last replica.
 */
export async function startSsoApps<App extends { stop: () => Promise<unknown> }>(
  startReplica: StartReplica<App>,
  { replicas = 1, env = {}, startIdp = true, issuer }: SsoOptions = {},
): Promise<SsoApps<App>> {
  const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  const idpPort = await freePort();
  const clientSecret = `test-oidc-client-secret-${idpPort}`;
  const apps: App[] = [];
  let idp: TestIdp | undefined;
  const sso: SsoApps<App> = {
    apps,
    idp: () => {
      if (!idp) throw new Error("the test provider is not running");
      return idp;
    },
    startIdp: async () => {
      const backchannelLogoutUri = `${origins.at(-1)}/api/auth/oidc/backchannel-logout`;
      idp = await startTestIdp({ port: idpPort, appOrigins: origins, backchannelLogoutUri, clientSecret });
      return idp;
    },
    stop: async () => {
      await Promise.all(apps.map((app) => app.stop()));
      await idp?.stop();
    },
  };
  try {
    if (startIdp && !issuer) await sso.startIdp();
    for (const [index, port] of ports.entries()) {
      const settings = {
        APP_ORIGIN: origins[index] ?? "",
        OIDC_ISSUER: issuer?.url ?? `http://127.0.0.1:${idpPort}`,
        OIDC_CLIENT_ID: issuer?.clientId ?? "categories-admin",
        OIDC_CLIENT_SECRET: issuer?.clientSecret ?? clientSecret,
        OIDC_NAME: SSO_NAME,
        OIDC_ACCESS_HELP: ACCESS_HELP,
      };
      apps.push(await startReplica(port, { ...settings, ...env }, index));
    }
  } catch (error) {
    await sso.stop();
    throw error;
  }
  return sso;
}
