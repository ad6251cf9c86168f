import "server-only";
import { remember } from "@epic-web/remember";
import { getConfig } from "@/lib/server/config/config";
import { isShuttingDown } from "@/lib/server/http/shutting-down";
import { appMetrics } from "@/lib/server/metrics/app-metrics";
import { AppError } from "@/lib/shared/app-error";

// Streams open per session, by its id (and so in all, their sum): one count per process, however many copies the build
// makes.
const perSession = () => remember("live-streams-per-session", () => new Map<string, number>());
/** Admits one more stream of `sessionKey`, or refuses it (503 busy, 429 too_many_streams); returns its release. */
export function countStream(sessionKey: string): () => void {
  const { maxStreams, maxStreamsPerSession } = getConfig().live;
  const counts = perSession();
  // Counted here, in the same step as the check: a stream joins the hub only after a read, so the hub's count would let
  // streams opened together past the limit.
  const admitted = [...counts.values()].reduce((sum, open) => sum + open, 0);
  if (admitted >= maxStreams || isShuttingDown())
    throw new AppError(503, "busy", "This server cannot take another live stream now. Try again shortly.", undefined, {
      headers: { "retry-after": "5" },
    });
  const open = counts.get(sessionKey) ?? 0;
  if (open >= maxStreamsPerSession)
    throw new AppError(429, "too_many_streams", `This session already has ${open} live streams open; close a tab.`);
  counts.set(sessionKey, open + 1);
  appMetrics().liveStreams.inc();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    appMetrics().liveStreams.dec();
    const left = (counts.get(sessionKey) ?? 1) - 1;
    if (left > 0) counts.set(sessionKey, left);
    else counts.delete(sessionKey);
  };
}
