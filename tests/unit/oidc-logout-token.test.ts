import {
  type CryptoKey,
  type JWTPayload,
  SignJWT,
  UnsecuredJWT,
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
} from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { LOGOUT_TOKEN_MAX_AGE_SECONDS, verifyLogoutToken } from "@/lib/server/auth/oidc/logout-token";

const ISSUER = "https://login.example.com";
const CLIENT_ID = "categories-admin";
const EVENT = "http://schemas.openid.net/event/backchannel-logout";
const expected = { issuer: ISSUER, clientId: CLIENT_ID };

let providerKey: CryptoKey;
let strangerKey: CryptoKey;
let keys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const provider = await generateKeyPair("RS256", { extractable: true });
  providerKey = provider.privateKey;
  strangerKey = (await generateKeyPair("RS256")).privateKey;
  keys = createLocalJWKSet({
    keys: [{ ...(await exportJWK(provider.publicKey)), kid: "provider-1", alg: "RS256", use: "sig" }],
  });
});

const now = () => Math.floor(Date.now() / 1000);

function claims(overrides: JWTPayload = {}): JWTPayload {
  return {
    iss: ISSUER,
    aud: CLIENT_ID,
    iat: now(),
    jti: "jti-1",
    sub: "user-1",
    sid: "sid-1",
    events: { [EVENT]: {} },
    ...overrides,
  };
}

function signed(
  payload: JWTPayload,
  key = providerKey,
  header: { alg: string; kid?: string; typ?: string } = { alg: "RS256", kid: "provider-1", typ: "logout+jwt" },
) {
  const body = Object.fromEntries(Object.entries(payload).filter(([, value]) => value !== undefined));
  return new SignJWT(body).setProtectedHeader(header).sign(key);
}

describe("verifyLogoutToken", () => {
  it("accepts the provider's signed token and returns its jti, iat, sub and sid", async () => {
    const payload = claims();
    expect(await verifyLogoutToken(await signed(payload), keys, expected)).toEqual({
      jti: "jti-1",
      iat: payload.iat,
      sub: "user-1",
      sid: "sid-1",
    });
  });

  it.each([
    ["only a sid", { sub: undefined }, { sid: "sid-1", sub: undefined }],
    ["only a sub", { sid: undefined }, { sub: "user-1", sid: undefined }],
    ["an audience list holding the client", { aud: ["someone-else", CLIENT_ID] }, { sub: "user-1" }],
  ])("accepts a token with %s", async (_, overrides, result) => {
    expect(await verifyLogoutToken(await signed(claims(overrides)), keys, expected)).toMatchObject(result);
  });

  it.each([
    ["another issuer", { iss: "https://evil.example.com" }, /iss/],
    ["another audience", { aud: "another-client" }, /aud/],
    ["no iat", { iat: undefined }, /iat/],
    ["an iat older than the maximum age", { iat: now() - LOGOUT_TOKEN_MAX_AGE_SECONDS - 60 }, /iat|age/],
    ["an iat in the future", { iat: now() + 600 }, /iat/],
    ["an expired exp", { exp: now() - 120 }, /exp/],
    ["no jti", { jti: undefined }, /jti/],
    ["no events claim", { events: undefined }, /events/],
    [
      "an events claim without the back-channel logout event",
      { events: { "http://schemas.openid.net/event/other": {} } },
      /back-channel logout event/,
    ],
    ["the event as a string", { events: { [EVENT]: "yes" } }, /back-channel logout event/],
    ["a nonce (it is an ID token)", { nonce: "n-1" }, /nonce/],
    ["neither sid nor sub", { sid: undefined, sub: undefined }, /neither a sid nor a sub/],
  ])("refuses a token with %s", async (_, overrides, reason) => {
    await expect(verifyLogoutToken(await signed(claims(overrides as JWTPayload)), keys, expected)).rejects.toThrow(
      reason,
    );
  });

  it("refuses a token signed by a key the provider does not publish, under the provider's kid", async () => {
    await expect(verifyLogoutToken(await signed(claims(), strangerKey), keys, expected)).rejects.toThrow(/signature/);
  });

  it("refuses an unsigned token (alg none)", async () => {
    const unsigned = new UnsecuredJWT(claims()).encode();
    await expect(verifyLogoutToken(unsigned, keys, expected)).rejects.toThrow();
  });

  it("refuses a token MACed with HS256, even under the provider's public key material", async () => {
    const mac = await new SignJWT(claims())
      .setProtectedHeader({ alg: "HS256", kid: "provider-1" })
      .sign(new TextEncoder().encode("a-shared-secret-of-32-bytes-long!!"));
    await expect(verifyLogoutToken(mac, keys, expected)).rejects.toThrow(/alg/);
  });

  it("refuses a token whose signed part was altered", async () => {
    const [header, , signature] = (await signed(claims())).split(".");
    const forgedBody = Buffer.from(JSON.stringify(claims({ sub: "someone-else" }))).toString("base64url");
    await expect(verifyLogoutToken(`${header}.${forgedBody}.${signature}`, keys, expected)).rejects.toThrow(
      /signature/,
    );
  });

  it.each(["", "not a token", "a.b.c"])("refuses garbage: %j", async (garbage) => {
    await expect(verifyLogoutToken(garbage, keys, expected)).rejects.toThrow();
  });
});
