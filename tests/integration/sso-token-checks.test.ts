import { afterAll, beforeAll, expect, it } from "vitest";
import { HttpVisitor } from "../support/http-visitor";
import { ROGUE_MODE_COOKIE, type RogueMode, type RogueProvider, startRogueProvider } from "../support/rogue-provider";
import { SESSION_COOKIE } from "../support/sso-apps";
import { type SsoServers, startSsoServers } from "../support/sso-servers";
import { isCallbackOf, sessionOf, startSignIn } from "../support/sso-visitor";

// ID tokens that a certified provider will not produce on demand, from a tiny provider of the tests' own: the app must
// refuse each one. Local accounts stay on for this app (AUTH_LOCAL unset).
let rogue: RogueProvider;
let sso: SsoServers;

beforeAll(async () => {
  rogue = await startRogueProvider();
  sso = await startSsoServers({
    issuer: { url: rogue.issuer, clientId: rogue.clientId, clientSecret: rogue.clientSecret },
  });
}, 60_000);

afterAll(async () => {
  await sso?.stop();
  await rogue?.stop();
});

/** A sign-in whose ID token the rogue provider breaks as `mode` says: the visitor, and the callback's answer. */
async function signInWithMode(mode: RogueMode) {
  const visitor = new HttpVisitor();
  visitor.setCookie(ROGUE_MODE_COOKIE, mode);
  const { url } = await visitor.follow(await startSignIn(visitor, sso.app), isCallbackOf(sso.app));
  return { visitor, answer: await visitor.get(url) };
}

it("a well-formed ID token from this provider signs the person in (the cases below differ only in what they break)", async () => {
  const { visitor, answer } = await signInWithMode("valid");

  expect(answer).toMatchObject({ status: 303, location: `${sso.app}/categories` });
  expect(visitor.cookie(SESSION_COOKIE)).toBeDefined();
  expect(JSON.parse((await sessionOf(visitor, sso.app)).body)).toEqual({
    username: "rita.rogue",
    role: "admin",
    method: "sso",
    name: "Rita Rogue",
  });
});

it.each<[RogueMode, RegExp]>([
  ["wrong-issuer", /"iss"/],
  ["wrong-audience", /"aud"/],
  ["expired", /"exp"/],
  ["unsigned", /"alg"/],
  ["forged-signature", /signature/i],
  ["wrong-nonce", /"nonce"/],
])(
  "an ID token with %s is refused: failure page, no session, a security line naming the check and an audit entry",
  async (mode, detail) => {
    const { visitor, answer } = await signInWithMode(mode);

    expect(answer.status).toBe(303);
    const failed = new URL(answer.location ?? "");
    expect(`${failed.origin}${failed.pathname}`).toBe(`${sso.app}/login/failed`);
    expect(failed.searchParams.get("reason")).toBe("rejected");
    expect(visitor.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await sessionOf(visitor, sso.app)).status).toBe(401);
    const reference = failed.searchParams.get("ref") ?? "";
    const line = (await sso.logLinesThrough(reference)).find(
      (logged) => logged.requestId === reference && logged.type === "security",
    );
    expect(line).toMatchObject({
      event: "sso_sign_in_failed",
      reason: "rejected",
      detail: expect.stringMatching(detail),
    });
    expect(JSON.stringify(line)).not.toMatch(/eyJ/);
    expect(await sso.auditOf(reference)).toEqual([
      expect.objectContaining({
        action: "sso_sign_in_failed",
        details: expect.objectContaining({ reason: "rejected" }),
      }),
    ]);
  },
);
