import "server-only";
import { getConfig } from "@/lib/config/config";

/**
 * This app's own origin: APP_ORIGIN behind a proxy, otherwise the scheme and
 * Host the request arrived with (a cross-site page cannot change the Host the
 * victim's browser sends).
 */
export function appOrigin(headers: Headers): string {
  const configured = getConfig().appOrigin;
  if (configured) return configured;
  const proto = headers.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${headers.get("host") ?? "localhost"}`;
}

export function isHttps(headers: Headers): boolean {
  return appOrigin(headers).startsWith("https:");
}
