import "server-only";
import * as z from "zod/mini";
import { readCookie } from "@/lib/server/http/read-cookie";
import { isHttps } from "../request-origin";
import { openText, sealText } from "../sealed-text";

/** One sign-in through the provider, from the redirect to it until it sends the browser back: bound to this browser. */
export type Flow = { codeVerifier: string; state: string; nonce: string; next: string };

const SECURE_NAME = "__Host-categories_oidc";
const PLAIN_NAME = "categories_oidc";
// Long enough to type a password and pass a second factor; a copy kept longer is refused by its sealed expiry too.
export const FLOW_MAX_AGE_SECONDS = 600;

const sealedFlowSchema = z.object({ v: z.string(), s: z.string(), n: z.string(), next: z.string(), exp: z.number() });

function cookieName(headers: Headers): string {
  return isHttps(headers) ? SECURE_NAME : PLAIN_NAME;
}

// SameSite=Lax: the provider sends the browser back with a top-level GET, which carries a Lax cookie.
function attributes(headers: Headers, maxAge: number): string {
  return `Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${isHttps(headers) ? "; Secure" : ""}`;
}

/** Sealed (encrypted and authenticated), so the browser holds the PKCE verifier without being able to read it. */
export async function flowCookie(headers: Headers, flow: Flow, now = Date.now()): Promise<string> {
  const payload = {
    v: flow.codeVerifier,
    s: flow.state,
    n: flow.nonce,
    next: flow.next,
    exp: now + FLOW_MAX_AGE_SECONDS * 1000,
  };
  const sealed = await sealText("oidc-flow-cookie", JSON.stringify(payload));
  return `${cookieName(headers)}=${sealed}; ${attributes(headers, FLOW_MAX_AGE_SECONDS)}`;
}

export function clearedFlowCookie(headers: Headers): string {
  return `${cookieName(headers)}=; ${attributes(headers, 0)}`;
}

/** undefined when there is none, it was altered, or it is older than its maximum age. */
export async function readFlow(headers: Headers, now = Date.now()): Promise<Flow | undefined> {
  const sealed = readCookie(headers, cookieName(headers));
  const opened = sealed ? await openText("oidc-flow-cookie", sealed) : undefined;
  if (!opened) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(opened);
  } catch {
    return undefined;
  }
  const result = sealedFlowSchema.safeParse(parsed);
  if (!result.success || result.data.exp <= now) return undefined;
  const { v, s, n, next } = result.data;
  return { codeVerifier: v, state: s, nonce: n, next };
}
