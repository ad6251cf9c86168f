import "server-only";
import { hasSubscribers } from "node:diagnostics_channel";

/**
 * Stops a production server that was not started through scripts/serve.mjs: without it, the client address that
 * sign-in throttling and the audit trail count would be whatever a client claims.
 */
export function requireServerEntryOrExit(): void {
  if (process.env.NODE_ENV !== "production" || hasSubscribers("http.server.request.start")) return;
  console.error("Start the app with `node .next/standalone/scripts/serve.mjs` (or `npm start`), not server.js directly.");
  process.exit(1);
}
