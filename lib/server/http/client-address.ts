import "server-only";
import { CLIENT_ADDRESS_HEADER } from "@/lib/node/forwarded.mjs";

// Safe to trust: scripts/serve.mjs overwrites whatever a client sent under this name.
export function clientAddress(headers: Pick<Headers, "get">): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? "unknown";
}
