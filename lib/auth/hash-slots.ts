import "server-only";
import { getConfig } from "@/lib/config/config";
import { AppError } from "@/lib/errors/app-error";

/** Longest a sign-in waits for a free slot; a queue at most as long as the slots keeps the wait near one hash. */
const MAX_WAIT_MS = 1_000;

type Slots = { running: number; waiting: (() => void)[] };

// On globalThis: one bound per process, however many route bundles load this module.
const SLOTS_KEY = Symbol.for("categories-admin.hash-slots");
const globalStore = globalThis as typeof globalThis & { [SLOTS_KEY]?: Slots };
const slots = (globalStore[SLOTS_KEY] ??= { running: 0, waiting: [] });

const busy = () =>
  new AppError(503, "busy", "Too many sign-ins are being checked right now. Try again in a moment.", undefined, {
    headers: { "retry-after": "1" },
  });

/**
 * Runs a password hash when one of AUTH_HASH_CONCURRENCY slots is free. Each scrypt holds 128 MiB and a thread of
 * Node's small pool, so a flood of sign-ins must not take them all: beyond a short wait it gets 503 `busy`.
 */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<T> {
  await acquire(getConfig().hashConcurrency);
  try {
    return await hash();
  } finally {
    release();
  }
}

function acquire(concurrency: number): Promise<void> {
  if (slots.running < concurrency) {
    slots.running++;
    return Promise.resolve();
  }
  if (slots.waiting.length >= concurrency) return Promise.reject(busy());
  return new Promise((resolve, reject) => {
    const turn = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      slots.waiting.splice(slots.waiting.indexOf(turn), 1);
      reject(busy());
    }, MAX_WAIT_MS);
    slots.waiting.push(turn);
  });
}

/** The slot passes straight to the next in line, if any. */
function release(): void {
  const next = slots.waiting.shift();
  if (next) next();
  else slots.running--;
}
