import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Page, expect } from "@playwright/test";
import type { StandaloneServer } from "../../scripts/lib/standalone-server.mjs";
import type { TestLogin } from "../../scripts/lib/test-idp.mjs";
import { SSO_NAME, type SsoApps, type SsoOptions, startSsoApps as startReplicas } from "../../tests/support/sso-apps";
import { startAppInstance } from "./app-instance";

export { ACCESS_HELP, JWT_PATTERN, SSO_NAME } from "../../tests/support/sso-apps";

export type BrowserSsoApps = SsoApps<StandaloneServer> & { app: string };

/**
 * SSO app replicas beside the run's own instances, on the run's one database and catalogue. Their logs go to a folder
 * of their own (the leak check expects the run's log folder as the global setup left it).
 */
export async function startSsoApps(options: SsoOptions = {}): Promise<BrowserSsoApps> {
  const logDir = await mkdtemp(join(tmpdir(), "categories-e2e-sso-"));
  const removeLogs = () => rm(logDir, { recursive: true, force: true });
  try {
    const sso = await startReplicas(
      (port, env, index) => startAppInstance({ port, logFile: join(logDir, `sso-${index + 1}.log`), env }),
      options,
    );
    return { ...sso, app: sso.apps[0]?.url ?? "", stop: () => sso.stop().finally(removeLogs) };
  } catch (error) {
    await removeLogs();
    throw error;
  }
}

/** From the sign-in page to the provider's own sign-in page, as a person clicks. */
async function goToProvider(page: Page, appUrl: string, next?: string): Promise<void> {
  await page.goto(`${appUrl}/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  await page.getByRole("link", { name: `Sign in with ${SSO_NAME}` }).click();
  await expect(page.getByPlaceholder("Enter any login")).toBeVisible();
}

/** Types a login on the provider's page (its development sign-in takes any password) and sends it. */
async function signInAtProvider(page: Page, login: TestLogin): Promise<void> {
  await page.getByPlaceholder("Enter any login").fill(login);
  await page.getByPlaceholder("and password").fill("any-password-the-dev-page-ignores");
  await page.getByRole("button", { name: "Sign-in" }).click();
}

export async function signInWithSso(page: Page, appUrl: string, login: TestLogin, next?: string): Promise<void> {
  await goToProvider(page, appUrl, next);
  await signInAtProvider(page, login);
}
