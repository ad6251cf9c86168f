import "server-only";
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { getConfig } from "@/lib/config/config";
import { log } from "@/lib/log";

export type AuditEntry = {
  time: string;
  event: "category_created" | "category_create_refused";
  username: string;
  environment: string;
  requestId: string;
  categoryId?: string;
  name?: string;
  reason?: string;
};

// One queue per process (on globalThis, as Next may load this module per route), so lines never interleave.
const QUEUE_KEY = Symbol.for("categories-admin.audit-queue");
const store = globalThis as typeof globalThis & { [QUEUE_KEY]?: Promise<void> };

/**
 * Appends one JSON line and fsyncs before resolving, so an entry that was
 * recorded survives a crash; the same entry goes to the log as type "audit".
 * Never rejects: when the file cannot be written, the error is logged (the log
 * line still carries the entry), because a create the catalogue service has
 * applied must not be reported to staff as failed.
 */
export function recordAudit(entry: Omit<AuditEntry, "time" | "environment">): Promise<void> {
  const full: AuditEntry = { time: new Date().toISOString(), environment: getConfig().environment, ...entry };
  const { event, ...fields } = entry;
  log.audit(event, fields);
  const write = (store[QUEUE_KEY] ?? Promise.resolve())
    .then(() => append(getConfig().auditFile, `${JSON.stringify(full)}\n`))
    .catch((error: unknown) => log.error("audit_write_failed", { requestId: entry.requestId, error: String(error) }));
  store[QUEUE_KEY] = write;
  return write;
}

/** Resolves once every queued entry is on disk; for shutdown. */
export function flushAudit(): Promise<void> {
  return store[QUEUE_KEY] ?? Promise.resolve();
}

async function append(file: string, line: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.write(line);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
