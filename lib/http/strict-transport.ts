/** HSTS, on answers the app gives over https (APP_ORIGIN, or the request's own scheme when it is not set). */
export function addStrictTransportSecurity(headers: Headers, requestUrl: string): void {
  if ((process.env.APP_ORIGIN ?? new URL(requestUrl).protocol).startsWith("https")) {
    headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
  }
}
