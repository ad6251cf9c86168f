import "server-only";
/** A browser's GET that ends elsewhere (the provider, a page of this app): 303 with no cache, and its cookies. */
export function seeOther(location: string, cookies: readonly string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
