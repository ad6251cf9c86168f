import "server-only";
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getConfig } from "@/lib/server/config/config";
import { readCookie } from "@/lib/server/http/read-cookie";
import { isHttps } from "./request-origin";

// OWASP device cookie: not a credential; it only exempts a browser that signed in before from others' lock-outs.
const SECURE_NAME = "__Host-categories_device";
const PLAIN_NAME = "categories_device";
const MAX_AGE_SECONDS = 180 * 24 * 3600;

function cookieName(headers: Headers): string {
  return isHttps(headers) ? SECURE_NAME : PLAIN_NAME;
}

function signature(username: string, nonce: string): Buffer {
  // A key of its own, derived from the session secret, so a device cookie can never pass for anything else.
  const key = createHmac("sha256", getConfig().sessionSecret).update("device-cookie").digest();
  return createHmac("sha256", key).update(`${username}\n${nonce}`).digest();
}

export function deviceCookie(headers: Headers, username: string): string {
  const nonce = randomBytes(16).toString("base64url");
  const value = `${Buffer.from(username).toString("base64url")}.${nonce}.${signature(username, nonce).toString("base64url")}`;
  const secure = isHttps(headers) ? "; Secure" : "";
  return `${cookieName(headers)}=${value}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; SameSite=Strict${secure}`;
}

export function knownDevice(headers: Headers, username: string): string | undefined {
  const [owner, nonce, mac] = (readCookie(headers, cookieName(headers)) ?? "").split(".");
  if (!owner || !nonce || !mac || Buffer.from(owner, "base64url").toString() !== username) return undefined;
  const expected = signature(username, nonce);
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return createHash("sha256").update(nonce).digest("base64url");
}
