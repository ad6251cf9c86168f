import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy } from "@/lib/http/content-security-policy";
import { requestIdOf } from "@/lib/http/request-id";
import { addStrictTransportSecurity, servedOverHttps } from "@/lib/http/strict-transport";
import { closeConnectionIfShuttingDown } from "@/lib/http/shutting-down";

/**
 * Per-request headers of pages only: the CSP nonce (Next reads it from the
 * request's policy and puts it on its own scripts), HSTS over https, and the
 * request id. /api is left out: JSON needs no nonce, and skipping this proxy
 * takes about a third off the cost of a small API request (npm run bench);
 * apiRoute sets the request id and HSTS there, next.config.js a fixed CSP.
 * Access is NOT decided here: route handlers and pages check it themselves,
 * so a request that skips this proxy is still refused.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = servedOverHttps(request.url);
  const policy = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === "development" });
  const requestId = requestIdOf(request.headers);

  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-request-id", requestId);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  response.headers.set("x-request-id", requestId);
  addStrictTransportSecurity(response.headers, request.url);
  closeConnectionIfShuttingDown(response.headers);
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/|_next/static|_next/image|favicon.ico).*)" }],
};
