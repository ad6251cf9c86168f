import { join } from "node:path";
import {
  type APIRequestContext,
  type APIResponse,
  type Locator,
  type Page,
  type PlaywrightWorkerArgs,
  expect,
} from "@playwright/test";
import { type Account, ENV, type InstanceName, type Role, SESSION_COOKIE, setupValue } from "./constants";

/** A browser state with no cookies: nobody is signed in. */
export const NO_SESSION = { cookies: [], origins: [] };

/** The state e2e/sign-in.setup.ts saved after signing `role` in to one of the global setup's instances. */
export function storedSessionFile(role: Role, instance: InstanceName = "main"): string {
  return join(setupValue(ENV.sessionDir), `${role}-${instance}.json`);
}

/**
 * Signs in through POST /api/auth/login. `page.request` and `context.request` share the
 * browser's cookies, so the page is then signed in too. An API request context sends
 * neither Origin nor Sec-Fetch-Site, so the cross-site check lets it through.
 */
export async function signInByApi(request: APIRequestContext, account: Account, origin = ""): Promise<APIResponse> {
  const response = await request.post(`${origin}/api/auth/login`, { data: account });
  expect(response.status(), `sign-in of ${account.username} at ${origin || "the base URL"}`).toBe(204);
  return response;
}

export function usernameField(page: Page): Locator {
  return page.getByLabel("Username", { exact: true });
}

export function passwordField(page: Page): Locator {
  return page.getByLabel("Password", { exact: true });
}

export function signInButton(page: Page): Locator {
  return page.getByRole("button", { name: "Sign in" });
}

/** The browser state (cookies) of one sign-in through the API: a spec with an instance of its own signs in once. */
export async function signedInState(
  playwright: PlaywrightWorkerArgs["playwright"],
  origin: string,
  account: Account,
): Promise<Awaited<ReturnType<APIRequestContext["storageState"]>>> {
  const request = await playwright.request.newContext({ baseURL: origin });
  try {
    await signInByApi(request, account);
    return await request.storageState();
  } finally {
    await request.dispose();
  }
}

/** Fills in the sign-in form of the page already open and sends it. */
export async function signInWithForm(page: Page, { username, password }: Account): Promise<void> {
  await expect(signInButton(page)).toBeEnabled(); // once the page's scripts run
  await usernameField(page).fill(username);
  await passwordField(page).fill(password);
  await signInButton(page).click();
}

/** The value of the session cookie in a Set-Cookie header or a cookie list. */
export function sessionToken(cookies: readonly { name: string; value: string }[]): string {
  const token = cookies.find(({ name }) => name === SESSION_COOKIE)?.value;
  expect(token, `a ${SESSION_COOKIE} cookie`).toBeTruthy();
  return token as string;
}

/** A path and query as the sign-in page gets them in `next`, e.g. /login?next=%2Fcategories%2Fnew. */
export function loginUrlFor(path: string): RegExp {
  return new RegExp(`/login\\?next=${encodeURIComponent(path).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);
}
