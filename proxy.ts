import { type NextRequest, NextResponse } from "next/server";
import { contentSecurityPolicy } from "@/lib/server/http/content-security-policy";
import { requestIdOf } from "@/lib/server/http/request-id";
import { addStrictTransportSecurity, servedOverHttps } from "@/lib/server/http/strict-transport";
import { closeConnectionIfShuttingDown } from "@/lib/server/http/shutting-down";
import { PAGE_PATH_HEADER } from "@/lib/server/auth/page-path";

// Pages only: /api needs no nonce, and a small API request is quicker without this step.
// Access is not decided here: checking a session needs the database, so the signed-in layout and the route handlers do.
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https = servedOverHttps(request.url);
  const policy = contentSecurityPolicy(nonce, { https, dev: process.env.NODE_ENV === "development" });
  const requestId = requestIdOf(request.headers);

  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set("x-request-id", requestId);
  headers.set(PAGE_PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
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
