import "server-only";
import { getConfig } from "@/lib/server/config/config";
import { log } from "@/lib/server/log";
import { errorMessage } from "@/lib/shared/error-message";
import { type EndedAttempt, recordAttempts } from "./delivery-lease";

/** Attempts that end within this long of each other are recorded in one statement. */
const GATHER_MS = 50;
/** A batch this large is recorded at once. */
const BATCH_MAX = 64;

export type AttemptRecorder = { add(attempt: EndedAttempt): void; flush(): Promise<void> };

/**
 * Records `owner`'s ended attempts in batches, one batch at a time: a statement per batch rather than one per attempt
 * keeps deliveries from taking the database from the changes that cause them. An attempt not yet recorded when the
 * process stops keeps its lease until it runs out, and is then sent again with the same `webhook-id`.
 */
export function attemptRecorder(owner: string): AttemptRecorder {
  let batch: EndedAttempt[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing = Promise.resolve();
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const attempts = batch;
    batch = [];
    writing = writing
      .then(() => recordAttempts(owner, attempts, getConfig().webhooks.disableAfterMs))
      .catch((error: unknown) =>
        log.warn("webhook_record_failed", { attempts: attempts.length, error: errorMessage(error) }),
      );
    return writing;
  };
  return {
    add(attempt) {
      batch.push(attempt);
      if (batch.length >= BATCH_MAX) void write();
      else timer ??= setTimeout(write, GATHER_MS);
    },
    flush: () => (batch.length > 0 ? write() : writing),
  };
}
