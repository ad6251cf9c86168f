import "server-only";
export function servedOverHttps(requestUrl: string): boolean {
  return (process.env.APP_ORIGIN ?? new URL(requestUrl).protocol).startsWith("https");
}

export function addStrictTransportSecurity(headers: Headers, requestUrl: string): void {
  if (servedOverHttps(requestUrl)) headers.set("strict-transport-security", "max-age=63072000; includeSubDomains");
}
