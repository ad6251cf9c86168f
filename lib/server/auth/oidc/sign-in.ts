import "server-only";
import * as client from "openid-client";
import type { OidcSettings } from "@/lib/server/config/config";
import type { Flow } from "./flow-cookie";
import { type Person, needsUserinfo, personFrom } from "./person";
import { SsoFailure } from "./sso-failure";

/** The redirect to the provider: authorization code with PKCE (S256), state and nonce. */
export async function startSignIn(
  configuration: client.Configuration,
  settings: OidcSettings,
  next: string,
  { fresh = false } = {},
) {
  const flow: Flow = {
    codeVerifier: client.randomPKCECodeVerifier(),
    state: client.randomState(),
    nonce: client.randomNonce(),
    next,
  };
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: settings.redirectUri,
    response_type: "code",
    scope: settings.scopes,
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: "S256",
    state: flow.state,
    nonce: flow.nonce,
    // "Sign in as someone else": the provider asks for credentials again instead of reusing its own session.
    ...(fresh ? { prompt: "login" } : {}),
  });
  return { flow, url };
}

export type ProviderAnswer = { person: Person; sid?: string; idToken: string };

/**
 * The provider's callback: state checked, the code exchanged on the server, the ID token checked (issuer, audience,
 * expiry, nonce, signature), userinfo asked only for what the ID token lacks. The access token is used for that and
 * then dropped.
 */
export async function completeSignIn(
  configuration: client.Configuration,
  settings: OidcSettings,
  requestUrl: string,
  flow: Flow,
): Promise<ProviderAnswer> {
  // As registered: behind a proxy, the request's own URL may name an internal host.
  const current = new URL(settings.redirectUri);
  current.search = new URL(requestUrl).search;
  const tokens = await client.authorizationCodeGrant(configuration, current, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    expectedNonce: flow.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new SsoFailure("rejected", "the token endpoint answered without an ID token");
  const userinfo =
    needsUserinfo(claims, settings.rolesClaim) && configuration.serverMetadata().userinfo_endpoint
      ? await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)
      : undefined;
  return {
    person: personFrom(claims, userinfo, settings),
    sid: typeof claims.sid === "string" ? claims.sid : undefined,
    idToken: tokens.id_token,
  };
}
