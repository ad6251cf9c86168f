import "server-only";
import { readCookie } from "@/lib/server/http/read-cookie";
import { isHttps } from "./request-origin";

// __Host- over https: the browser then insists on Secure, Path=/ and no Domain, so no sibling site can plant it.
const SECURE_NAME = "__Host-categories_session";
const PLAIN_NAME = "categories_session";

function sessionCookieName(headers: Headers): string {
  return isHttps(headers) ? SECURE_NAME : PLAIN_NAME;
}

export function readSessionToken(headers: Headers): string | undefined {
  return readCookie(headers, sessionCookieName(headers));
}

export function sessionCookie(headers: Headers, token: string): string {
  const secure = isHttps(headers) ? "; Secure" : "";
  return `${sessionCookieName(headers)}=${token}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearedSessionCookie(headers: Headers): string {
  const secure = isHttps(headers) ? "; Secure" : "";
  return `${sessionCookieName(headers)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}
