import "server-only";
import { remember } from "@epic-web/remember";
import type { CatalogueEnvironment } from "@/lib/shared/environment";

const FRESH_MS = 15_000;
const PROBE_INTERVAL_MS = 5_000;

type State = { lastOk: number; lastFailure: number; lastProbe: number; probe?: Promise<unknown> };

export type UpstreamHealth = {
  note(ok: boolean, now?: number): void;
  answeredRecently(probe: () => Promise<unknown>): Promise<boolean>;
};

/** One per environment and process: /api/ready reports what the routes' calls to each service have seen. */
export function upstreamHealth(environment: CatalogueEnvironment): UpstreamHealth {
  return remember(`catalogue-upstream-health-${environment}`, () => createHealth());
}

function createHealth(): UpstreamHealth {
  const state: State = { lastOk: 0, lastFailure: 0, lastProbe: 0 };
  const fresh = (now: number) => state.lastOk > state.lastFailure && now - state.lastOk < FRESH_MS;
  return {
    note: (ok, now = Date.now()) => {
      if (ok) state.lastOk = now;
      else state.lastFailure = now;
    },
    answeredRecently: async (probe) => {
      if (fresh(Date.now())) return true;
      if (Date.now() - state.lastProbe >= PROBE_INTERVAL_MS) {
        state.lastProbe = Date.now();
        state.probe = probe().catch(() => undefined);
      }
      await state.probe;
      return fresh(Date.now());
    },
  };
}
