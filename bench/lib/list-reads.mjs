// @ts-check
// Both catalogue lists read at once, as the app's compare reads them, timed to the last byte of the later one. The
// reads run on a worker thread: the embedded catalogues answer on the bench's main thread, and a client sharing their
// event loop would slow them down and make the app's figure look better than it is.
import { Worker, isMainThread, parentPort } from "node:worker_threads";

/** @typedef {{ url: string, apiKey: string }} Service @typedef {{ ms: number, statuses: number[], bytes: number[] }} Reads */

if (!isMainThread) {
  parentPort?.on("message", async (/** @type {Service[]} */ services) => {
    const started = performance.now();
    const answers = await Promise.all(
      services.map(async ({ url, apiKey }) => {
        const response = await fetch(`${url}/categories`, { headers: { authorization: `Bearer ${apiKey}` } });
        return { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
      }),
    );
    const reads = { ms: performance.now() - started, ...{ statuses: answers.map((a) => a.status) } };
    parentPort?.postMessage({ ...reads, bytes: answers.map((a) => a.bytes) });
  });
}

/** A worker thread that reads every service's list at once on each `read`; `stop` ends it. */
export function listReader() {
  const worker = new Worker(new URL(import.meta.url));
  return {
    /** @param {readonly Service[]} services @returns {Promise<Reads>} */
    read: (services) =>
      new Promise((resolve, reject) => {
        worker.once("message", (reads) => {
          worker.off("error", reject);
          resolve(reads);
        });
        worker.once("error", reject);
        worker.postMessage(services);
      }),
    stop: () => worker.terminate(),
  };
}
