import "server-only";
import * as client from "openid-client";
import { getConfig } from "@/lib/server/config/config";
import { oidcConfiguration } from "./discovery";

/**
 * Where the browser goes after the app's session has ended, to end the provider's too (RP-Initiated Logout 1.0), or
 * undefined when the provider has no end_session_endpoint. The ID token rides in id_token_hint: the one place an ID
 * token passes through the browser, as the spec has it.
 */
export async function providerLogoutUrl(idToken: string): Promise<string | undefined> {
  const settings = getConfig().oidc;
  if (!settings) return undefined;
  const configuration = await oidcConfiguration();
  if (!configuration.serverMetadata().end_session_endpoint) return undefined;
  return client.buildEndSessionUrl(configuration, {
    id_token_hint: idToken,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
  }).href;
}
