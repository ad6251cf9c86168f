/**
 * The client address as Next reports it: the socket's, or the last hop a proxy
 * appended to X-Forwarded-For. Without a proxy in front, a client can choose
 * this header, so per-address limits are only as good as the proxy (see README).
 */
export function clientAddress(headers: Pick<Headers, "get">): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",").map((hop) => hop.trim()).filter(Boolean);
  return hops.at(-1) ?? "unknown";
}
