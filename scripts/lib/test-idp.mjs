// @ts-check
// A real OpenID provider (node-oidc-provider, OpenID Certified) on loopback, for `npm run idp` and the e2e suite:
// one client registered for the app with back-channel logout, and test accounts with and without the app's groups.
// Its login page is the library's development one, which takes any password: a tool for this machine, never a server.
import { randomBytes } from "node:crypto";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import Provider from "oidc-provider";

/** @typedef {{ name: string, preferred_username: string, email: string, groups: string[] }} TestAccount */
/** @typedef {"admin" | "viewer" | "nobody"} TestLogin */

/** Logins for the provider's sign-in page; the password is not checked. */
/** @type {Readonly<Record<TestLogin, TestAccount>>} */
export const TEST_ACCOUNTS = {
  admin: {
    name: "Ada Admin",
    preferred_username: "ada.admin",
    email: "ada.admin@example.test",
    groups: ["catalogue-staff", "catalogue-admins"],
  },
  viewer: {
    name: "Vic Viewer",
    preferred_username: "vic.viewer",
    email: "vic.viewer@example.test",
    groups: ["catalogue-staff"],
  },
  nobody: {
    name: "Nora Nobody",
    preferred_username: "nora.nobody",
    email: "nora.nobody@example.test",
    groups: ["everyone"],
  },
};

/**
 * @typedef {{
 *   issuer: string, clientId: string, clientSecret: string, kid: string,
 *   sentLogoutTokens: { uri: string, token: string, status: number, requestId: string | null }[],
 *   signWithProviderKey: (claims: Record<string, unknown>, typ?: string) => Promise<string>,
 *   stop: () => Promise<void>,
 * }} TestIdp
 */

/**
 * @param {{
 *   port: number, appOrigins: string[], backchannelLogoutUri?: string,
 *   clientId?: string, clientSecret?: string, log?: (line: string) => void,
 * }} options `appOrigins`: each replica's origin, whose callback and /login are registered.
 * @returns {Promise<TestIdp>}
 */
export async function startTestIdp({
  port,
  appOrigins,
  backchannelLogoutUri,
  clientId = "categories-admin",
  clientSecret = randomBytes(24).toString("base64url"),
  log = () => {},
}) {
  const issuer = `http://127.0.0.1:${port}`;
  const kid = `test-idp-${randomBytes(4).toString("hex")}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid, alg: "RS256", use: "sig" };
  /** @type {TestIdp["sentLogoutTokens"]} */
  const sentLogoutTokens = [];

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        token_endpoint_auth_method: "client_secret_basic",
        grant_types: ["authorization_code"],
        response_types: ["code"],
        redirect_uris: appOrigins.map((origin) => `${origin}/api/auth/oidc/callback`),
        post_logout_redirect_uris: appOrigins.map((origin) => `${origin}/login`),
        ...(backchannelLogoutUri
          ? { backchannel_logout_uri: backchannelLogoutUri, backchannel_logout_session_required: true }
          : {}),
      },
    ],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    claims: { openid: ["sub"], profile: ["name", "preferred_username", "groups"], email: ["email"] },
    features: {
      backchannelLogout: { enabled: true },
      devInteractions: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    // Its cookies share the host 127.0.0.1 with the app's (cookies ignore the port): names of their own.
    cookies: {
      names: { session: "idp_session", interaction: "idp_interaction", resume: "idp_interaction_resume" },
      keys: [randomBytes(32).toString("hex")],
    },
    async findAccount(_ctx, id) {
      const account = Object.hasOwn(TEST_ACCOUNTS, id) ? TEST_ACCOUNTS[/** @type {TestLogin} */ (id)] : undefined;
      return account && { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    // No consent page: the app is the organisation's own, as with a first-party client at a real provider.
    async loadExistingGrant(ctx) {
      const { client, session, result } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId || session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope("openid profile email");
      await grant.save();
      return grant;
    },
    // It refuses its own calls to loopback addresses (an SSRF guard) through the dispatcher it passes: the app it calls
    // back (back-channel logout) is on loopback here. Each call is kept so the tests can look at what was sent.
    async fetch(url, options) {
      const rest = /** @type {RequestInit & { dispatcher?: unknown }} */ ({ ...options });
      delete rest.dispatcher;
      const response = await globalThis.fetch(url, rest);
      const token = new URLSearchParams(String(rest.body ?? "")).get("logout_token");
      if (token)
        sentLogoutTokens.push({
          uri: String(url),
          token,
          status: response.status,
          requestId: response.headers.get("x-request-id"),
        });
      log(`back-channel logout to ${url}: ${response.status}`);
      return response;
    },
  });
  provider.on("server_error", (_ctx, error) => log(`server error: ${error.message}`));
  provider.on("backchannel.error", (_client, error) => log(`back-channel logout failed: ${error.message}`));

  const server = provider.listen(port, "127.0.0.1");
  await new Promise((resolve, reject) => server.once("listening", resolve).once("error", reject));
  return {
    issuer,
    clientId,
    clientSecret,
    kid,
    sentLogoutTokens,
    /** For tests of what the app accepts: a token signed with the provider's own key, as only the provider could. */
    signWithProviderKey: async (claims, typ = "logout+jwt") =>
      new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid, typ }).sign(privateKey),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
