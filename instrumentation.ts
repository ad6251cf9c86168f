/** Runs once when the server starts: check the configuration (stop on a bad one), then set up a graceful shutdown. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkConfigOrExit } = await import("./lib/config/check-config-or-exit");
  const config = checkConfigOrExit();
  // Without scripts/serve.mjs in front, client addresses (sign-in throttling, audit) would be whatever clients claim.
  const { hasSubscribers } = await import("node:diagnostics_channel");
  if (process.env.NODE_ENV === "production" && !hasSubscribers("http.server.request.start")) {
    console.error("Start the app with `node .next/standalone/scripts/serve.mjs` (or `npm start`), not server.js directly.");
    process.exit(1);
  }
  const { installShutdownHook } = await import("./lib/shutdown");
  installShutdownHook(config.shutdownGraceMs);
}
