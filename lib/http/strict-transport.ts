/** Whether the app is served over https: APP_ORIGIN when set, else the request's own scheme. */
export function servedOverHttps(requestUrl: string): boolean {
  return (process.env.APP_ORIGIN ?? new URL(requestUrl).protocol).startsWith("https");
}

/** HSTS, on answers the app gives over https. */
export function addStrictTransportSecurity(headers: Headers, requestUrl: string): void {
  if (servedOverHttps(requestUrl)) headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
}
