import { createHash, randomBytes } from "node:crypto";
import { once } from "node:events";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type JWTPayload, SignJWT, UnsecuredJWT, exportJWK, generateKeyPair } from "jose";

/**
 * How the rogue provider's token endpoint responds. "valid" signs the app in (so the others are known to fail only
 * for what they change); the rest each break one thing the app must check in the ID token.
 */
const ROGUE_MODES = [
  "valid",
  "wrong-issuer",
  "wrong-audience",
  "expired",
  "unsigned",
  "forged-signature",
  "wrong-nonce",
] as const;
export type RogueMode = (typeof ROGUE_MODES)[number];

/** A browser picks its mode with this cookie on 127.0.0.1 (cookies ignore the port, so the provider sees it). */
export const ROGUE_MODE_COOKIE = "rogue_mode";

export type RogueProvider = { issuer: string; clientId: string; clientSecret: string; stop: () => Promise<void> };

type Issued = { clientId: string; redirectUri: string; challenge: string; nonce: string; mode: RogueMode };

const isMode = (value: string | undefined): value is RogueMode => ROGUE_MODES.includes(value as RogueMode);

function modeOf(request: IncomingMessage): RogueMode {
  const cookie = (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === ROGUE_MODE_COOKIE);
  return isMode(cookie?.[1]) ? cookie[1] : "valid";
}

async function bodyOf(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/** RFC 6749 section 2.3.1: each half form-urlencoded before base64 (openid-client sends "-" as %2D). */
function basicCredentials(request: IncomingMessage): string | undefined {
  const [scheme, encoded] = (request.headers.authorization ?? "").split(" ");
  if (scheme !== "Basic" || !encoded) return undefined;
  const [user = "", password = ""] = Buffer.from(encoded, "base64").toString("utf8").split(":");
  const formDecode = (part: string) => decodeURIComponent(part.replaceAll("+", " "));
  return `${formDecode(user)}:${formDecode(password)}`;
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store", ...headers });
  response.end(JSON.stringify(body));
}

/**
 * A second, tiny OpenID provider on loopback, whose token endpoint responds with an ID token broken as the browser's
 * mode cookie asks: what no certified provider will produce on demand. It still insists on what a real one would:
 * client_secret_basic, the PKCE verifier (S256), the redirect URI, and a code used once.
 */
export async function startRogueProvider(): Promise<RogueProvider> {
  const clientId = "categories-admin-rogue";
  const clientSecret = randomBytes(16).toString("hex");
  const kid = "rogue-key-1";
  const published = await generateKeyPair("RS256", { extractable: true });
  const stranger = await generateKeyPair("RS256");
  const jwks = { keys: [{ ...(await exportJWK(published.publicKey)), kid, alg: "RS256", use: "sig" }] };
  const codes = new Map<string, Issued>();
  let issuer = "";

  async function idToken({ clientId: audience, nonce, mode }: Issued): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      iss: mode === "wrong-issuer" ? `${issuer}/elsewhere` : issuer,
      aud: mode === "wrong-audience" ? "another-client" : audience,
      sub: "rogue-user",
      sid: randomBytes(8).toString("hex"),
      iat: mode === "expired" ? now - 3600 : now,
      exp: mode === "expired" ? now - 600 : now + 300,
      nonce: mode === "wrong-nonce" ? "not-the-nonce-the-app-sent" : nonce,
      name: "Rita Rogue",
      preferred_username: "rita.rogue",
      groups: ["catalogue-admins"],
    };
    if (mode === "unsigned") return new UnsecuredJWT(claims).encode();
    const key = mode === "forged-signature" ? stranger.privateKey : published.privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).sign(key);
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? "/", issuer);
      if (url.pathname === "/.well-known/openid-configuration") {
        return send(response, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          response_types_supported: ["code"],
          subject_types_supported: ["public"],
          id_token_signing_alg_values_supported: ["RS256"],
          token_endpoint_auth_methods_supported: ["client_secret_basic"],
          code_challenge_methods_supported: ["S256"],
        });
      }
      if (url.pathname === "/jwks") return send(response, 200, jwks);
      if (url.pathname === "/authorize") {
        const params = url.searchParams;
        if (
          params.get("response_type") !== "code" ||
          params.get("client_id") !== clientId ||
          params.get("code_challenge_method") !== "S256"
        ) {
          return send(response, 400, { error: "invalid_request" });
        }
        const code = randomBytes(16).toString("base64url");
        const redirectUri = params.get("redirect_uri") ?? "";
        codes.set(code, {
          clientId,
          redirectUri,
          challenge: params.get("code_challenge") ?? "",
          nonce: params.get("nonce") ?? "",
          mode: modeOf(request),
        });
        const back = new URL(redirectUri);
        back.searchParams.set("code", code);
        back.searchParams.set("state", params.get("state") ?? "");
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (url.pathname === "/token" && request.method === "POST") {
        const form = await bodyOf(request);
        if (basicCredentials(request) !== `${clientId}:${clientSecret}`) {
          return send(response, 401, { error: "invalid_client" });
        }
        const issued = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (
          !issued ||
          issued.redirectUri !== form.get("redirect_uri") ||
          createHash("sha256").update(verifier).digest("base64url") !== issued.challenge
        ) {
          return send(response, 400, { error: "invalid_grant" });
        }
        return send(response, 200, {
          access_token: randomBytes(16).toString("hex"),
          token_type: "Bearer",
          expires_in: 300,
          id_token: await idToken(issued),
        });
      }
      send(response, 404, { error: "not_found" });
    })().catch(() => send(response, 500, { error: "server_error" }));
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
