const NO_LONGER_READ: Record<string, string> = {
  AUTH_USERS_FILE:
    "AUTH_USERS_FILE is no longer read: accounts are kept in the database. Import the file once with `npm run -s users -- import <file>`.",
  AUDIT_FILE: "AUDIT_FILE is no longer read: the audit trail is kept in the database (GET /api/audit).",
};

// Still read, under their old names, when the new one is unset (lib/server/config/config.ts).
const RENAMED: Record<string, string> = { IMPORT_RUN_SECONDS: "JOB_LEASE_SECONDS" };

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  // First, so that every span from here on is exported; the SDK is not even loaded without the settings.
  const { tracingWanted } = await import("./lib/server/tracing/tracing-wanted");
  if (tracingWanted()) (await import("./lib/server/tracing/start-tracing")).startTracing();
  const { checkConfigOrExit } = await import("./lib/server/config/check-config-or-exit");
  const config = checkConfigOrExit();
  const { requireServerEntryOrExit } = await import("./lib/server/http/require-server-entry");
  requireServerEntryOrExit();
  const { log } = await import("./lib/server/log");
  for (const [name, message] of Object.entries(NO_LONGER_READ))
    if (process.env[name]) log.warn("setting_ignored", { setting: name, message });
  for (const [name, now] of Object.entries(RENAMED))
    if (process.env[name])
      log.warn("setting_renamed", { setting: name, now, message: `${name} is the old name of ${now}` });
  const { migrateOrExit } = await import("./lib/server/db/migrate-or-exit");
  await migrateOrExit(config.database.url);
  const { startOidcDiscovery } = await import("./lib/server/auth/oidc/discovery");
  startOidcDiscovery();
  const { startAuditRetention } = await import("./lib/server/audit/audit-retention");
  startAuditRetention(config.auditRetentionDays);
  const { startRequestSweep } = await import("./lib/server/change-requests/sweep-requests");
  startRequestSweep();
  const { startJobWorker } = await import("./lib/server/jobs/job-worker");
  await startJobWorker().catch((error: unknown) =>
    log.error("job_worker_not_started", { error: error instanceof Error ? error.message : String(error) }),
  );
  const { startWebhookWorker } = await import("./lib/server/webhooks/delivery-worker");
  startWebhookWorker();
  const { readGaugesAtScrape } = await import("./lib/server/metrics/read-gauges");
  readGaugesAtScrape();
  const { installShutdownHook } = await import("./lib/server/shutdown");
  installShutdownHook();
}
