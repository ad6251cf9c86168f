import "server-only";
import { type AuditEvent, recordAudit } from "./audit-trail";

const FLUSH_EVERY_MS = 60_000;
/** Distinct (address, reason) pairs kept per minute; past that, refusals are counted under address "other". */
const MAX_PAIRS = 10_000;

type Tally = { address: string; reason: string; count: number; since: string };
type Counter = { tallies: Map<string, Tally>; timer?: NodeJS.Timeout };

// On globalThis: one tally per process, however many route bundles load this module.
const COUNTER_KEY = Symbol.for("categories-admin.refusal-counter");
const globalStore = globalThis as typeof globalThis & { [COUNTER_KEY]?: Counter };
const counter: Counter = (globalStore[COUNTER_KEY] ??= { tallies: new Map() });

/**
 * Counts a refusal of a request that had no session behind it (no session, cross-site, throttled, busy). A flood of
 * these must not become a flood of writes: each address and reason is written at most once a minute, with its count,
 * so real events are never crowded out.
 */
export function countRefusal(address: string, reason: string): void {
  const key = counter.tallies.has(`${reason} ${address}`) || counter.tallies.size < MAX_PAIRS ? `${reason} ${address}` : `${reason} other`;
  const tally = counter.tallies.get(key);
  if (tally) tally.count++;
  else counter.tallies.set(key, { address: key.slice(reason.length + 1), reason, count: 1, since: new Date().toISOString() });
  counter.timer ??= setTimeout(() => void flushRefusals(), FLUSH_EVERY_MS).unref();
}

/** Writes the counts gathered so far as one entry each; on the timer, and before the process exits. */
export function flushRefusals(): Promise<void> {
  clearTimeout(counter.timer);
  counter.timer = undefined;
  const tallies = [...counter.tallies.values()];
  counter.tallies.clear();
  const events = tallies.map(({ address, reason, count, since }): AuditEvent => ({ action: "refused", details: { address, reason, count, since } }));
  return events.length === 0 ? Promise.resolve() : recordAudit(...events);
}
