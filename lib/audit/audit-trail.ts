import "server-only";
import { appendFileSync, closeSync, fdatasyncSync, mkdirSync, openSync } from "node:fs";
import { mkdir, open } from "node:fs/promises";
import { dirname } from "node:path";
import { getConfig } from "@/lib/config/config";
import { log } from "@/lib/log";

export type AuditEvent =
  | "signed_in"
  | "sign_in_failed"
  | "signed_out"
  | "category_created"
  | "category_create_refused"
  | "forbidden"
  /** Refusals of requests without a session, counted per client address, reason and minute (refusal-counter.ts). */
  | "refused";

export type AuditEntry = {
  time: string;
  event: AuditEvent;
  environment: string;
  username?: string;
  requestId?: string;
  address?: string;
  role?: string;
  categoryId?: string;
  name?: string;
  reason?: string;
  method?: string;
  path?: string;
  count?: number;
  since?: string;
  /** Set when a field was cut to MAX_FIELD_CHARS. */
  truncated?: true;
};

/** Longest text one field keeps, so no single entry can crowd out the others when they are read back. */
export const MAX_FIELD_CHARS = 500;

// One queue per process (on globalThis, as Next may load this module per route), so lines never interleave.
const QUEUE_KEY = Symbol.for("categories-admin.audit-queue");
const store = globalThis as typeof globalThis & { [QUEUE_KEY]?: Promise<void> };

function capped(entry: AuditEntry): AuditEntry {
  const result: AuditEntry = { ...entry };
  for (const [key, value] of Object.entries(entry)) {
    if (typeof value === "string" && value.length > MAX_FIELD_CHARS) {
      Object.assign(result, { [key]: `${value.slice(0, MAX_FIELD_CHARS)}…`, truncated: true });
    }
  }
  return result;
}

/**
 * Appends entries as JSON lines and fsyncs before resolving, so what was recorded survives a crash; each also goes
 * to the log as type "audit". Never rejects: when the file cannot be written, the error is logged (the log line
 * still carries the entry), because a create the catalogue service has applied must not be reported as failed.
 */
export function writeAudit(entries: readonly Omit<AuditEntry, "environment">[]): Promise<void> {
  const lines = toLines(entries);
  const write = (store[QUEUE_KEY] ?? Promise.resolve())
    .then(() => append(getConfig().auditFile, lines))
    .catch((error: unknown) => log.error("audit_write_failed", { requestId: entries[0]?.requestId, error: String(error) }));
  store[QUEUE_KEY] = write;
  return write;
}

/** The same, blocking until the lines are on disk: for the process's "exit" event, where nothing asynchronous runs. */
export function writeAuditSync(entries: readonly Omit<AuditEntry, "environment">[]): void {
  const file = getConfig().auditFile;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const fd = openSync(file, "a", 0o600);
    try {
      appendFileSync(fd, toLines(entries));
      fdatasyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    log.error("audit_write_failed", { error: String(error) });
  }
}

/** Entries as JSON lines, each also logged as type "audit". */
function toLines(entries: readonly Omit<AuditEntry, "environment">[]): string {
  const environment = getConfig().environment;
  const full = entries.map((entry) => capped({ ...entry, environment }));
  for (const { event, ...fields } of full) log.audit(event, { ...fields, time: undefined, environment: undefined });
  return full.map((entry) => `${JSON.stringify(entry)}\n`).join("");
}

/** One event, stamped with the time now. */
export function recordAudit(entry: Omit<AuditEntry, "time" | "environment">): Promise<void> {
  return writeAudit([{ time: new Date().toISOString(), ...entry }]);
}

/** Resolves once every queued entry is on disk; for shutdown. */
export function flushAudit(): Promise<void> {
  return store[QUEUE_KEY] ?? Promise.resolve();
}

async function append(file: string, lines: string): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const handle = await open(file, "a", 0o600);
  try {
    await handle.write(lines);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
