import "server-only";
import { log } from "@/lib/server/log";
import { migrate } from "@/lib/node/migrate.mjs";
import { errorMessage } from "@/lib/shared/error-message";

const RETRY_FOR_MS = 30_000;
const RETRY_EVERY_MS = 1_000;

// A database still starting (deploys start both together) is waited for; without the schema every request would
// fail.
export async function migrateOrExit(databaseUrl: string): Promise<void> {
  const deadline = Date.now() + RETRY_FOR_MS;
  for (;;) {
    try {
      const applied = await migrate(databaseUrl);
      if (applied.length > 0) log.info("database_migrated", { applied: applied.join(", ") });
      return;
    } catch (error) {
      const message = errorMessage(error);
      if (Date.now() < deadline && isConnectionError(error)) {
        log.warn("database_waiting", { error: message });
        await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
        continue;
      }
      console.error(`Database error: the schema could not be brought up to date (${message}). Check DATABASE_URL.`);
      process.exit(1);
    }
  }
}

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" && (code.startsWith("E") || code.startsWith("08") || code === "57P03");
}
