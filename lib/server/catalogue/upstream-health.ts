import "server-only";
import { remember } from "@epic-web/remember";

const FRESH_MS = 15_000;
const PROBE_INTERVAL_MS = 5_000;

type State = { lastOk: number; lastFailure: number; lastProbe: number; probe?: Promise<unknown> };
// One per process: /api/ready reports what the routes' calls to the service have seen.
const state = remember<State>("catalogue-upstream-health", () => ({ lastOk: 0, lastFailure: 0, lastProbe: 0 }));

export function noteUpstreamOutcome(ok: boolean, now = Date.now()): void {
  if (ok) state.lastOk = now;
  else state.lastFailure = now;
}

function answeredRecently(now: number): boolean {
  return state.lastOk > state.lastFailure && now - state.lastOk < FRESH_MS;
}

export async function catalogueAnsweredRecently(probe: () => Promise<unknown>): Promise<boolean> {
  if (answeredRecently(Date.now())) return true;
  if (Date.now() - state.lastProbe >= PROBE_INTERVAL_MS) {
    state.lastProbe = Date.now();
    state.probe = probe().catch(() => undefined);
  }
  await state.probe;
  return answeredRecently(Date.now());
}
