import "server-only";
import { getConfig } from "@/lib/server/config/config";

// Falling back to Host is safe: a cross-site page cannot change the Host the victim's browser sends.
export function appOrigin(headers: Headers): string {
  const configured = getConfig().appOrigin;
  if (configured) return configured;
  const proto = headers.get("x-forwarded-proto") === "https" ? "https" : "http";
  return `${proto}://${headers.get("host") ?? "localhost"}`;
}

export function isHttps(headers: Headers): boolean {
  return appOrigin(headers).startsWith("https:");
}
