import { createHmac } from "node:crypto";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, type Page, expect } from "@playwright/test";
import { freePort } from "../../scripts/lib/ports.mjs";
import type { StandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import { type TestIdp, type TestLogin, startTestIdp } from "../../scripts/lib/test-idp.mjs";
import { databaseAt } from "../../tests/support/test-database";
import { startAppInstance } from "./app-instance";
import { ENV, SESSION_COOKIE, SESSION_SECRET, setupValue } from "./constants";

export const SSO_NAME = "Test SSO";
export const ACCESS_HELP = "Ask the catalogue team to add you to the catalogue-staff group.";
const FLOW_COOKIE = "categories_oidc";

export type SsoApps = { apps: StandaloneServer[]; idp?: TestIdp; idpPort: number; logDir: string; stop: () => Promise<void> };

type Options = {
  replicas?: number;
  env?: Record<string, string>;
  /** false: the app starts against an issuer where nothing listens yet (idpPort), to be started later. */
  startIdp?: boolean;
  /** Another provider (e2e/support/rogue-provider.ts) instead of the test one. */
  issuer?: { url: string; clientId: string; clientSecret: string };
};

/**
 * App replicas configured for single sign-on against a real OpenID provider (scripts/lib/test-idp.mjs) on loopback,
 * on the run's one database. Their logs go to a folder of their own (the leak check expects the run's log folder as
 * the global setup left it). The provider's back-channel logout goes to the last replica.
 */
export async function startSsoApps({ replicas = 1, env = {}, startIdp = true, issuer }: Options = {}): Promise<SsoApps> {
  const logDir = await mkdtemp(join(tmpdir(), "categories-e2e-sso-"));
  const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
  const origins = ports.map((port) => `http://127.0.0.1:${port}`);
  const idpPort = await freePort();
  const clientSecret = `e2e-oidc-client-secret-${idpPort}`;
  const apps: StandaloneServer[] = [];
  let idp: TestIdp | undefined;
  const stop = async () => {
    await Promise.all(apps.map((app) => app.stop()));
    await idp?.stop();
    await rm(logDir, { recursive: true, force: true });
  };
  try {
    if (startIdp && !issuer) {
      idp = await startTestIdp({ port: idpPort, appOrigins: origins, backchannelLogoutUri: `${origins.at(-1)}/api/auth/oidc/backchannel-logout`, clientSecret });
    }
    for (const [index, port] of ports.entries()) {
      apps.push(
        await startAppInstance({
          port,
          logFile: join(logDir, `sso-${index + 1}.log`),
          env: {
            APP_ORIGIN: origins[index] ?? "",
            OIDC_ISSUER: issuer?.url ?? `http://127.0.0.1:${idpPort}`,
            OIDC_CLIENT_ID: issuer?.clientId ?? "categories-admin",
            OIDC_CLIENT_SECRET: issuer?.clientSecret ?? clientSecret,
            OIDC_NAME: SSO_NAME,
            OIDC_ACCESS_HELP: ACCESS_HELP,
            ...env,
          },
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { apps, idp, idpPort, logDir, stop };
}

/** Every log line the SSO apps wrote so far, parsed. */
export async function appLogLines(logDir: string): Promise<Record<string, unknown>[]> {
  const files = await readdir(logDir);
  const texts = await Promise.all(files.map((file) => readFile(join(logDir, file), "utf8")));
  return texts
    .flatMap((text) => text.split("\n"))
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export async function appLogText(logDir: string): Promise<string> {
  const files = await readdir(logDir);
  return (await Promise.all(files.map((file) => readFile(join(logDir, file), "utf8")))).join("\n");
}

/** From the sign-in page to the provider's own sign-in page, as a person clicks. */
export async function goToProvider(page: Page, appUrl: string, next?: string): Promise<void> {
  await page.goto(`${appUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByRole("link", { name: `Sign in with ${SSO_NAME}` }).click();
  await expect(page.getByPlaceholder("Enter any login")).toBeVisible();
}

/** Types a login on the provider's page (its development sign-in takes any password) and sends it. */
export async function signInAtProvider(page: Page, login: TestLogin): Promise<void> {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any-password-the-dev-page-ignores");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

export async function signInWithSso(page: Page, appUrl: string, login: TestLogin, next?: string): Promise<void> {
  await goToProvider(page, appUrl, next);
  await signInAtProvider(page, login);
}

/**
 * Signs in on the provider's page but stops before the app's callback: the callback URL (with the code and state) and
 * the flow cookie as they were then, to replay or alter. The form is sent through the context's request client, which
 * shares the browser's cookies and can stop at each redirect, as the browser cannot be stopped between two of them.
 */
export async function captureCallback(page: Page, appUrl: string, login: TestLogin): Promise<{ url: string; flowCookie: Awaited<ReturnType<BrowserContext["cookies"]>>[number] }> {
  await goToProvider(page, appUrl);
  const flowCookie = (await page.context().cookies()).find(({ name }) => name === FLOW_COOKIE);
  expect(flowCookie, "the sign-in flow cookie").toBeDefined();
  let at = new URL((await page.locator("form").first().getAttribute("action")) ?? "", page.url()).href;
  let response = await page.request.post(at, { form: { prompt: "login", login, password: "any-password" }, maxRedirects: 0 });
  for (let hop = 0; hop < 5; hop++) {
    const location = response.headers().location;
    expect(location, `a redirect from ${at} (status ${response.status()})`).toBeTruthy();
    at = new URL(location ?? "", at).href;
    if (at.startsWith(`${appUrl}/api/auth/oidc/callback?`)) return { url: at, flowCookie: flowCookie as NonNullable<typeof flowCookie> };
    response = await page.request.get(at, { maxRedirects: 0 });
  }
  throw new Error(`the provider never sent the browser to ${appUrl}/api/auth/oidc/callback`);
}

export async function sessionCookieOf(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find(({ name }) => name === SESSION_COOKIE)?.value;
}

/** The sessions row of a cookie's token, found as the app finds it: by the HMAC of the token under SESSION_SECRET. */
export async function sessionRow(token: string): Promise<Record<string, unknown> | undefined> {
  const db = databaseAt(setupValue(ENV.databaseUrl));
  try {
    const id = createHmac("sha256", SESSION_SECRET).update(token).digest("base64url");
    return (await db.query("SELECT * FROM sessions WHERE id = $1", [id])).rows[0] as Record<string, unknown> | undefined;
  } finally {
    await db.end();
  }
}

export async function auditEntries(requestId: string): Promise<{ action: string; actor: string | null; details: Record<string, unknown> }[]> {
  const db = databaseAt(setupValue(ENV.databaseUrl));
  try {
    return (await db.query("SELECT action, actor, details FROM audit_events WHERE request_id = $1 ORDER BY id", [requestId])).rows as never;
  } finally {
    await db.end();
  }
}

/** What a JWT looks like (its header starts with {"): none may reach the browser. */
export const JWT_PATTERN = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/;
