// @ts-check
// A replica's stop, run by scripts/serve.mjs in place of Next's own signal handling (which closes the listener at
// once): readiness fails first, the server keeps serving for SHUTDOWN_READY_DELAY_MS so that a balancer routing by
// readiness stops sending to it, then it stops listening, lets the requests in flight finish within SHUTDOWN_GRACE_MS,
// and exits (0 when they all finished, 1 when it gave up waiting). The app takes part through two process events:
// "drain" (fail readiness, stop taking import rows) and "exit" (its last writes); each listener may add promises to
// the array it is given, which are awaited, for a few seconds at most.
import { Server as NetServer } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const DRAIN_EVENT = "categories-admin:drain";
const EXIT_EVENT = "categories-admin:exit";
const LAST_WRITES_MS = 3_000;
// A connection accepted just before the listener closed may not have had its request read yet; Node would take it as
// idle and end it, after the client sent a request it then cannot safely repeat. The idle ones are ended after this.
const IDLE_AFTER_MS = 1_000;
/** Node's typings know only its own process events. */
const emit = /** @type {(event: string, ...args: unknown[]) => boolean} */ (process.emit.bind(process));

/**
 * `streamSockets`: the connections of event streams still sending. The app ends every stream as the drain starts; one
 * whose client reads nothing more cannot finish, and would hold the drain to the end of its grace: it is cut off with
 * the idle ones.
 * @param {{ server: () => import("node:http").Server | undefined, readyDelayMs: number, graceMs: number,
 *   streamSockets?: () => Iterable<import("node:net").Socket> }} options
 * @returns {(signal: NodeJS.Signals) => void}
 */
export function drainOnSignal({ server, readyDelayMs, graceMs, streamSockets = () => [] }) {
  let started = false;
  return (signal) => {
    if (started) return;
    started = true;
    void (async () => {
      /** @type {Promise<unknown>[]} */
      const inFlight = [];
      emit(DRAIN_EVENT, inFlight, { signal, readyDelayMs, graceMs });
      await sleep(readyDelayMs);
      const listener = server();
      // net's close, not http's: it stops accepting without ending the connections it takes as idle at once.
      const closed = new Promise((resolve) =>
        listener ? NetServer.prototype.close.call(listener, () => resolve(true)) : resolve(true),
      );
      setTimeout(() => {
        listener?.closeIdleConnections();
        for (const socket of streamSockets()) socket.destroy();
      }, IDLE_AFTER_MS).unref();
      const drained = await Promise.race([
        Promise.all([closed, Promise.allSettled(inFlight)]).then(() => true),
        sleep(graceMs).then(() => false),
      ]);
      /** @type {Promise<unknown>[]} */
      const lastWrites = [];
      emit(EXIT_EVENT, lastWrites, { drained });
      await Promise.race([Promise.allSettled(lastWrites), sleep(LAST_WRITES_MS)]);
      process.exit(drained ? 0 : 1);
    })();
  };
}
