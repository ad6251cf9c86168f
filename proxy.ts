import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy } from "@/lib/server/http/content-security-policy";
import { requestIdOf } from "@/lib/server/http/request-id";
import { addStrictTransportSecurity, servedOverHttps } from "@/lib/server/http/strict-transport";
import { closeConnectionIfShuttingDown } from "@/lib/server/http/shutting-down";

// Pages only: /api needs no nonce, and skipping this proxy takes about a third off a small API request (npm run bench).
// Access is NOT decided here: route handlers and pages check it themselves.
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
