import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { recordAudit, recordCreateRequested } from "@/lib/server/audit/audit-trail";
import { catalogue } from "@/lib/server/catalogue/catalogue";
import { query } from "@/lib/server/db/database";
import { log } from "@/lib/server/log";
import { AppError } from "@/lib/shared/app-error";
import { renewLease, releaseLease } from "./job-lease";

export type RunOptions = { owner: string; concurrency: number; leaseMs: number; stopping: () => boolean };

type Job = {
  id: string;
  file_name: string;
  created_by: string;
  known_ids: string[] | null;
  cancel_requested: boolean;
  state: string;
};
type Row = { line: number; name: string; description: string | null };
type Outcome = "created" | "refused" | "lost" | "not-sent" | "busy";

// After this many lost answers in a row the service is treated as down: the job pauses instead of marching on.
const LOST_IN_A_ROW_TO_PAUSE = 5;
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 30_000;

async function readJob(id: string): Promise<Job | undefined> {
  const { rows } = await query<Job>(
    `SELECT id, file_name, created_by, known_ids, cancel_requested, state FROM import_jobs WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** Marks the next pending row 'sending', committed before it is sent, while this owner runs the job. */
async function takeNextRow(id: string, owner: string): Promise<Row | undefined> {
  const { rows } = await query<Row>(
    // A scalar subquery runs once; as a joined FROM item it can be rescanned, taking a row per rescan.
    `UPDATE import_rows r SET state = 'sending'
     WHERE r.job_id = $1
       AND r.line = (SELECT line FROM import_rows WHERE job_id = $1 AND state = 'pending' ORDER BY line LIMIT 1 FOR UPDATE SKIP LOCKED)
       AND EXISTS (SELECT 1 FROM import_jobs WHERE id = $1 AND state = 'running' AND NOT cancel_requested AND lease_owner = $2)
     RETURNING r.line, r.name, r.description`,
    [id, owner],
  );
  return rows[0];
}

async function settleRow(
  id: string,
  line: number,
  state: "created" | "failed" | "unknown" | "pending",
  fields: { categoryId?: string; message?: string } = {},
) {
  // 'unknown' too: a row another replica settled as a lost answer after this one's lease ran out still gets its answer.
  await query(
    `UPDATE import_rows SET state = $3, category_id = $4, message = $5 WHERE job_id = $1 AND line = $2 AND state IN ('sending', 'unknown')`,
    [id, line, state, fields.categoryId ?? null, fields.message ?? null],
  );
}

async function sendRow(job: Job, row: Row): Promise<{ outcome: Outcome; message?: string }> {
  const input = row.description === null ? { name: row.name } : { name: row.name, description: row.description };
  const requestId = `import-${job.id.slice(0, 8)}-${row.line}`;
  const entry = await recordCreateRequested({
    actor: job.created_by,
    requestId,
    details: { name: row.name, importId: job.id, fileName: job.file_name },
  });
  try {
    const created = await catalogue().createCategory(input, { requestId });
    await settleRow(job.id, row.line, "created", { categoryId: created.id });
    await entry.complete("category_created", { categoryId: created.id, name: created.name });
    return { outcome: "created" };
  } catch (error) {
    const code = error instanceof AppError ? error.code : "internal_error";
    await entry.complete("category_create_failed", { reason: code });
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof AppError && error.status === 400) {
      await settleRow(job.id, row.line, "failed", { message });
      return { outcome: "refused" };
    }
    // Never sent (refused while connecting, the breaker open, our key refused, asked to slow down): sent again later.
    if (code === "upstream_unavailable" || code === "upstream_unauthorized" || code === "upstream_busy") {
      await settleRow(job.id, row.line, "pending");
      return { outcome: code === "upstream_busy" ? "busy" : "not-sent", message };
    }
    // Timed out, cut off, or a 5xx: the service may have applied it, so it is not sent again without a person.
    await settleRow(job.id, row.line, "unknown", { message });
    return { outcome: "lost", message };
  }
}

/** Runs a job this owner holds the lease of, until it ends, pauses, is cancelled, or the process stops. */
export async function runImportJob(id: string, { owner, concurrency, leaseMs, stopping }: RunOptions): Promise<void> {
  const job = await readJob(id);
  if (!job) return;
  let leaseLost = false;
  const heartbeat = setInterval(() => {
    renewLease(id, owner, leaseMs).then(
      (held) => (leaseLost ||= !held),
      () => {},
    );
  }, leaseMs / 3);
  const inFlight = new Set<Promise<void>>();
  let pauseReason: string | undefined;
  let lostInARow = 0;
  let backoffMs = 0;
  let waitUntil = 0;

  const onOutcome = ({ outcome, message }: { outcome: Outcome; message?: string }) => {
    if (outcome === "created" || outcome === "refused") {
      lostInARow = 0;
      backoffMs = 0;
      return;
    }
    if (outcome === "not-sent") {
      pauseReason = message;
      return;
    }
    if (outcome === "lost" && ++lostInARow >= LOST_IN_A_ROW_TO_PAUSE) {
      pauseReason = `The catalogue service lost ${LOST_IN_A_ROW_TO_PAUSE} answers in a row. Last: ${message}`;
    }
    backoffMs = Math.min(BACKOFF_MAX_MS, backoffMs ? backoffMs * 2 : BACKOFF_FIRST_MS);
    waitUntil = Date.now() + backoffMs;
  };

  try {
    for (;;) {
      if (stopping() || leaseLost || pauseReason) break;
      if (inFlight.size >= concurrency) {
        await Promise.race(inFlight);
        continue;
      }
      if (Date.now() < waitUntil) {
        await sleep(Math.min(waitUntil - Date.now(), 250));
        continue;
      }
      const row = await takeNextRow(id, owner);
      if (!row) {
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
        continue;
      }
      const sending: Promise<void> = sendRow(job, row)
        .then(onOutcome, (error: unknown) => {
          // The database failed around the create: stop; the lease runs out and the row is settled as a lost answer.
          log.error("import_row_failed", {
            importId: id,
            line: row.line,
            error: error instanceof Error ? error.message : String(error),
          });
          leaseLost = true;
        })
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
    await Promise.all(inFlight);
  } finally {
    clearInterval(heartbeat);
  }
  if (leaseLost) return;
  if (pauseReason) return pause(id, owner, pauseReason);
  if (stopping()) return releaseLease(id, owner);
  await endJob(id, owner);
}

async function pause(id: string, owner: string, reason: string): Promise<void> {
  await query(
    `UPDATE import_jobs SET state = 'paused', pause_reason = $3, lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`,
    [id, owner, reason],
  );
  log.warn("import_paused", { importId: id, reason });
}

/** No row left to send (or cancelled): settle lost answers against one read of the list, then the job's end state. */
async function endJob(id: string, owner: string): Promise<void> {
  const job = await readJob(id);
  if (!job || job.state !== "running") return;
  if (job.cancel_requested) {
    await query(
      `UPDATE import_rows SET state = 'skipped', message = 'Not sent: the import was cancelled.' WHERE job_id = $1 AND state = 'pending'`,
      [id],
    );
  } else if (
    (await query(`SELECT 1 FROM import_rows WHERE job_id = $1 AND state IN ('pending', 'sending') LIMIT 1`, [id]))
      .rowCount
  ) {
    return releaseLease(id, owner); // made pending again meanwhile (sent again): the next sweep carries on
  }
  if (!(await settleLostAnswers(job))) {
    // Unsettled rows would invite sending again what may exist: the job waits for the list instead.
    await pause(
      id,
      owner,
      "The list could not be read to check the rows whose answers were lost. Resume to try again.",
    );
    return;
  }
  const { rows } = await query<{ created: number; skipped: number; failed: number; unknown: number }>(
    `WITH ended AS (
       UPDATE import_jobs SET state = CASE WHEN cancel_requested THEN 'cancelled' ELSE 'finished' END, cancel_requested = false,
         finished_at = now(), lease_owner = NULL, lease_until = NULL
       WHERE id = $1 AND lease_owner = $2 RETURNING id
     )
     SELECT count(*) FILTER (WHERE state = 'created')::int AS created, count(*) FILTER (WHERE state = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE state = 'failed')::int AS failed, count(*) FILTER (WHERE state = 'unknown')::int AS unknown
     FROM import_rows WHERE job_id = (SELECT id FROM ended)`,
    [id, owner],
  );
  const counts = rows[0];
  if (!counts) return;
  await recordAudit({
    action: job.cancel_requested ? "import_cancelled" : "import_finished",
    actor: job.created_by,
    details: { importId: id, fileName: job.file_name, ...counts },
  });
}

/** False when the list could not be read. */
async function settleLostAnswers(job: Job): Promise<boolean> {
  const { rows: lost } = await query<Row>(
    `SELECT line, name, description FROM import_rows WHERE job_id = $1 AND state = 'unknown' ORDER BY line`,
    [job.id],
  );
  if (lost.length === 0) return true;
  let categories;
  try {
    categories = await catalogue().listCategories({ requestId: `import-${job.id.slice(0, 8)}-settle` });
  } catch (error) {
    log.warn("import_settle_failed", {
      importId: job.id,
      error: error instanceof Error ? error.message : String(error),
    });
    return false;
  }
  const { rows: ours } = await query<{ category_id: string }>(
    `SELECT category_id FROM import_rows WHERE job_id = $1 AND category_id IS NOT NULL`,
    [job.id],
  );
  const taken = new Set([...(job.known_ids ?? []), ...ours.map((row) => row.category_id)]);
  for (const row of lost) {
    const found = categories.find(
      (category) =>
        !taken.has(category.id) &&
        category.name === row.name &&
        (category.description ?? "") === (row.description ?? ""),
    );
    if (!found) continue;
    taken.add(found.id);
    await query(
      `UPDATE import_rows SET state = 'created', category_id = $3, confirmed_late = true, message = NULL WHERE job_id = $1 AND line = $2`,
      [job.id, row.line, found.id],
    );
    await recordAudit({
      action: "category_created",
      actor: job.created_by,
      details: {
        categoryId: found.id,
        name: found.name,
        importId: job.id,
        fileName: job.file_name,
        confirmedAfterLostAnswer: 1,
      },
    });
  }
  return true;
}
