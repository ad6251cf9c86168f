import "server-only";
import { hasSubscribers } from "node:diagnostics_channel";

// Without scripts/serve.mjs, the client address that throttling and the audit trail use is whatever a client claims.
export function requireServerEntryOrExit(): void {
  if (process.env.NODE_ENV !== "production" || hasSubscribers("http.server.request.start")) return;
  console.error(
    "Start the app with `node .next/standalone/scripts/serve.mjs` (or `npm start`), not server.js directly.",
  );
  process.exit(1);
}
