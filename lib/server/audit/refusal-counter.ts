import "server-only";
import { remember } from "@epic-web/remember";
import { type AuditEvent, recordAudit } from "./audit-trail";

const FLUSH_EVERY_MS = 60_000;
const MAX_PAIRS = 10_000;

type Tally = { address: string; reason: string; count: number; since: string };
type Counter = { tallies: Map<string, Tally>; timer?: NodeJS.Timeout };

// One per process: route handlers count refusals and the shutdown hook (loaded by instrumentation) writes them.
const counter = remember("refusal-counter", (): Counter => ({ tallies: new Map() }));

// A flood of refusals must not become a flood of writes: one entry per address, reason and minute.
export function countRefusal(address: string, reason: string): void {
  const key =
    counter.tallies.has(`${reason} ${address}`) || counter.tallies.size < MAX_PAIRS
      ? `${reason} ${address}`
      : `${reason} other`;
  const tally = counter.tallies.get(key);
  if (tally) tally.count++;
  else
    counter.tallies.set(key, {
      address: key.slice(reason.length + 1),
      reason,
      count: 1,
      since: new Date().toISOString(),
    });
  counter.timer ??= setTimeout(() => void flushRefusals(), FLUSH_EVERY_MS).unref();
}

export function flushRefusals(): Promise<void> {
  clearTimeout(counter.timer);
  counter.timer = undefined;
  const tallies = [...counter.tallies.values()];
  counter.tallies.clear();
  const events = tallies.map(
    ({ address, reason, count, since }): AuditEvent => ({
      action: "refused",
      details: { address, reason, count, since },
    }),
  );
  return events.length === 0 ? Promise.resolve() : recordAudit(...events);
}
