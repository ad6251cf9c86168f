import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";

const MAX_WAIT_MS = 1_000;

type Slots = { running: number; waiting: (() => void)[] };

const slots: Slots = { running: 0, waiting: [] };

const busy = () =>
  new AppError(503, "busy", "Too many sign-ins are being checked right now. Try again in a moment.", undefined, {
    headers: { "retry-after": "1" },
  });

// Each scrypt holds a lot of memory and a thread of Node's small pool: a flood of sign-ins must not take them all.
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

function release(): void {
  const next = slots.waiting.shift();
  if (next) next();
  else slots.running--;
}
