import "server-only";
// On globalThis: the build gives instrumentation, the proxy, route handlers and pages each a copy of this module.
const FLAG = Symbol.for("categories-admin.shutting-down");
const store = globalThis as typeof globalThis & { [FLAG]?: boolean };

export function markShuttingDown(): void {
  store[FLAG] = true;
}

// Next's server.close() ends only idle connections; a polling tab would keep its own open until the grace period.
export function closeConnectionIfShuttingDown(headers: Headers): void {
  if (store[FLAG]) headers.set("connection", "close");
}
