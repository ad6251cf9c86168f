/** Runs once when the server starts, before it serves: check the configuration (stop on a bad one), bring the database's schema up to date, then set up a graceful shutdown. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { checkConfigOrExit } = await import("./lib/config/check-config-or-exit");
  const config = checkConfigOrExit();
  const { requireServerEntryOrExit } = await import("./lib/http/require-server-entry");
  requireServerEntryOrExit();
  const { migrateOrExit } = await import("./lib/db/migrate-or-exit");
  await migrateOrExit(config.database.url);
  const { installShutdownHook } = await import("./lib/shutdown");
  installShutdownHook(config.shutdownGraceMs);
}
