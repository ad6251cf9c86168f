import "server-only";
import { type JWTVerifyGetKey, jwtVerify } from "jose";

const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** A logout token older than this (by its iat) is refused, so a seen jti needs keeping only this long. */
export const LOGOUT_TOKEN_MAX_AGE_SECONDS = 300;
const CLOCK_TOLERANCE_SECONDS = 30;
// Signatures only: never "none", never a MAC under a secret the client also holds.
const ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
];

export type LogoutClaims = { jti: string; iat: number; sub?: string; sid?: string };

export class LogoutTokenError extends Error {
  override readonly name = "LogoutTokenError";
}

const optionalText = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/** OpenID Connect Back-Channel Logout 1.0, section 2.6: what the token must be before it may end anything. */
export async function verifyLogoutToken(
  token: string,
  keys: JWTVerifyGetKey,
  { issuer, clientId }: { issuer: string; clientId: string },
  now = new Date(),
): Promise<LogoutClaims> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, keys, {
      issuer,
      audience: clientId,
      algorithms: ALGORITHMS,
      requiredClaims: ["iat", "jti", "events"],
      maxTokenAge: LOGOUT_TOKEN_MAX_AGE_SECONDS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: now,
    }));
  } catch (error) {
    // jose's messages name the check that failed, never a claim's value.
    throw new LogoutTokenError(error instanceof Error ? error.message : "the token could not be verified");
  }
  const events = payload.events;
  const event =
    typeof events === "object" && events !== null
      ? (events as Record<string, unknown>)[BACKCHANNEL_LOGOUT_EVENT]
      : undefined;
  if (typeof event !== "object" || event === null || Array.isArray(event))
    throw new LogoutTokenError("the events claim has no back-channel logout event");
  if (payload.nonce !== undefined) throw new LogoutTokenError("a logout token must not have a nonce");
  const jti = optionalText(payload.jti);
  if (!jti) throw new LogoutTokenError("the jti claim is not a string");
  const sub = optionalText(payload.sub);
  const sid = optionalText(payload.sid);
  if (!sub && !sid) throw new LogoutTokenError("the token has neither a sid nor a sub");
  return { jti, iat: payload.iat as number, sub, sid };
}
