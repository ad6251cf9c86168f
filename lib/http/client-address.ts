import { CLIENT_ADDRESS_HEADER } from "./forwarded.mjs";

/**
 * The client address the server entry (scripts/serve.mjs) wrote from the socket, or from X-Forwarded-For when the
 * socket is a trusted proxy. The entry overwrites whatever a client sent under this name.
 */
export function clientAddress(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
