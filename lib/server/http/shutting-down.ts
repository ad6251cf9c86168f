import "server-only";
import { remember } from "@epic-web/remember";

// One per process: instrumentation sets it, and the proxy and route handlers read it, each from its own bundle.
const shutdown = remember("shutting-down", () => ({ started: false }));

export function markShuttingDown(): void {
  shutdown.started = true;
}

export const isShuttingDown = (): boolean => shutdown.started;

// Next's server.close() ends only idle connections; a polling tab would keep its own open until the grace period.
export function closeConnectionIfShuttingDown(headers: Headers): void {
  if (shutdown.started) headers.set("connection", "close");
}
