import "server-only";
import { countPendingRequests } from "@/lib/server/change-requests/pending-count";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { poolStats } from "@/lib/server/db/database";
import { queuedStreamBytes } from "@/lib/server/live/live-hub";
import { countWaitingDeliveries } from "@/lib/server/webhooks/delivery-store";
import { appMetrics } from "./app-metrics";

/**
 * What the gauges read at each scrape: each environment's breaker, the database pool, the pending requests, the bytes
 * the live streams hold, the webhook deliveries waiting.
 */
export function readGaugesAtScrape(): void {
  appMetrics().readGauges({
    breakersOpen: () => {
      const environments = configuredEnvironments();
      return environments.map((environment) => ({
        ...(environments.length > 1 && { environment }),
        open: catalogue(environment).breakerOpen(),
      }));
    },
    pool: poolStats,
    pendingRequests: countPendingRequests,
    liveQueuedBytes: queuedStreamBytes,
    webhooksWaiting: countWaitingDeliveries,
  });
}
