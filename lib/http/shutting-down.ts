// A flag on globalThis: the shutdown hook, the route bundles and the proxy may each have their own copy of this module.
const FLAG = Symbol.for("categories-admin.shutting-down");
const store = globalThis as typeof globalThis & { [FLAG]?: boolean };

export function markShuttingDown(): void {
  store[FLAG] = true;
}

/**
 * Next's server.close() ends only the connections idle at that moment; a tab
 * that keeps polling would hold its kept-alive connection open until the grace
 * period. Once shutting down, every answer asks the client to close instead.
 */
export function closeConnectionIfShuttingDown(headers: Headers): void {
  if (store[FLAG]) headers.set("connection", "close");
}
