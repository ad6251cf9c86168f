import type { TestLogin } from "../../scripts/lib/test-idp.mjs";
import type { HttpVisitor } from "./http-visitor";

/** Whether `url` is the app's callback, where the provider sends the browser back with its result. */
export const isCallbackOf = (appUrl: string) => (url: string) => url.startsWith(`${appUrl}/api/auth/oidc/callback?`);

/** Opens the sign-in page's link: the provider's authorization URL, with the app's flow cookie now kept. */
export async function startSignIn(visitor: HttpVisitor, appUrl: string, next?: string): Promise<string> {
  const answer = await visitor.get(`${appUrl}/api/auth/oidc/login${next ? `?next=${encodeURIComponent(next)}` : ""}`);
  if (answer.status !== 303 || !answer.location)
    throw new Error(`the sign-in link answered ${answer.status}, not a redirect to the provider`);
  return answer.location;
}

const attribute = (html: string, pattern: RegExp, what: string): string => {
  const found = pattern.exec(html)?.[1];
  if (!found) throw new Error(`no ${what} on the provider's page:\n${html}`);
  return found.replaceAll("&amp;", "&");
};

/**
 * The provider's own sign-in page for the sign-in that `authorizeUrl` starts: where its form posts, and its Cancel
 * link.
 */
export async function providerSignInPage(
  visitor: HttpVisitor,
  authorizeUrl: string,
): Promise<{ submitUrl: string; cancelUrl: string }> {
  const page = await visitor.follow(authorizeUrl);
  if (page.status !== 200 || !page.body?.includes('placeholder="Enter any login"'))
    throw new Error(`${page.url} is not the provider's sign-in page (status ${page.status})`);
  return {
    submitUrl: new URL(attribute(page.body, /<form[^>]*action="([^"]+)"/, "sign-in form"), page.url).href,
    cancelUrl: new URL(attribute(page.body, /<a href="([^"]+\/abort)"/, "Cancel link"), page.url).href,
  };
}

/**
 * Signs in as `login` on the provider's page (the password is not checked) and follows its redirects up to, not into,
 * the app's callback: the URL with the code and state, to open, alter or replay.
 */
export async function callbackAfterSignIn(
  visitor: HttpVisitor,
  appUrl: string,
  login: TestLogin,
  next?: string,
): Promise<string> {
  const { submitUrl } = await providerSignInPage(visitor, await startSignIn(visitor, appUrl, next));
  const sent = await visitor.post(submitUrl, { prompt: "login", login, password: "any-password" });
  if (!sent.location) throw new Error(`the provider answered the sign-in form with ${sent.status}, not a redirect`);
  const reached = await visitor.follow(sent.location, isCallbackOf(appUrl));
  if (!isCallbackOf(appUrl)(reached.url))
    throw new Error(`the provider never sent the browser to the callback (ended at ${reached.url}, ${reached.status})`);
  return reached.url;
}

/** A whole sign-in through the test provider: the callback's response (a redirect, with the session cookie kept). */
export async function signInWithSso(visitor: HttpVisitor, appUrl: string, login: TestLogin, next?: string) {
  return visitor.get(await callbackAfterSignIn(visitor, appUrl, login, next));
}

/** GET /api/auth/session with the visitor's cookies: its status and body. */
export async function sessionOf(visitor: HttpVisitor, appUrl: string): Promise<{ status: number; body: string }> {
  const { status, body } = await visitor.get(`${appUrl}/api/auth/session`);
  return { status, body };
}
