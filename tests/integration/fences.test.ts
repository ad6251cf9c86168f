import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { startedImport } from "../support/started-import";
import { testDb } from "../support/test-database";

// Issue 43: a process that froze past its lease changes nothing. A job's runner, once another process took the job
// over, checks its lease as takeNextRow does; an approval whose claim ran out records no create. Each test here fails
// without its check.
beforeAll(() => stubAppEnv({ JOB_LEASE_SECONDS: "60" }));

const { takeLease } = await import("@/lib/server/jobs/job-lease");
const { confirmCreated, skipPendingRows } = await import("@/lib/server/jobs/job-rows");
const { endJob, pauseJob } = await import("@/lib/server/jobs/job-states");
const { jobById } = await import("@/lib/server/jobs/job-store");
const { transaction } = await import("@/lib/server/db/database");

let id: string;

/** A running job first leased to "frozen", whose lease ran out, and now leased to "other". */
beforeEach(async () => {
  id = await startedImport(["Frozen one", "Frozen two"]);
  expect(await takeLease(id, "frozen")).toBe(true);
  await testDb.query(`UPDATE import_jobs SET lease_expires = now() - interval '1 second' WHERE id = $1`, [id]);
  expect(await takeLease(id, "other")).toBe(true);
});

const rowStates = async () =>
  (await testDb.query(`SELECT state FROM import_rows WHERE job_id = $1 ORDER BY line`, [id])).rows.map(
    (row) => row.state,
  );

describe("a runner whose lease ran out", () => {
  it("cannot pause the job", async () => {
    await pauseJob(await jobById(id), "The service is down.", "frozen");
    expect((await jobById(id)).state).toBe("running");
    await pauseJob(await jobById(id), "The service is down.", "other");
    expect(await jobById(id)).toMatchObject({ state: "paused", pauseReason: "The service is down." });
  });

  it("cannot end the job", async () => {
    expect(await transaction((tx) => endJob(tx, id, "frozen"))).toBeUndefined();
    expect((await jobById(id)).state).toBe("running");
    expect(await transaction((tx) => endJob(tx, id, "other"))).toMatchObject({ state: "finished" });
  });

  it("cannot confirm a row late", async () => {
    const { rows } = await testDb.query(
      `UPDATE import_rows SET state = 'unknown' WHERE job_id = $1
         AND line = (SELECT min(line) FROM import_rows WHERE job_id = $1) RETURNING line`,
      [id],
    );
    const line = rows[0]?.line ?? 0;
    const confirm = (leaseOwner: string) =>
      transaction((tx) => confirmCreated(tx, { id, line, categoryId: "4242", leaseOwner }));
    expect(await confirm("frozen")).toBe(false);
    expect(await rowStates()).toEqual(["unknown", "pending"]);
    expect(await confirm("other")).toBe(true);
    expect(await rowStates()).toEqual(["created", "pending"]);
  });

  it("cannot skip the rows left when the job is cancelled", async () => {
    await skipPendingRows(id, "frozen");
    expect(await rowStates()).toEqual(["pending", "pending"]);
    await skipPendingRows(id, "other");
    expect(await rowStates()).toEqual(["skipped", "skipped"]);
  });
});

describe("an approval whose claim ran out", () => {
  it("writes no create's entry and sends nothing", async () => {
    const { holdClaim } = await import("@/lib/server/change-requests/hold-claim");
    const { createCategory } = await import("@/lib/server/categories/create-category");
    const { rows } = await testDb.query(
      `INSERT INTO change_requests (id, kind, environment, state, requested_by, expires_at, decided_by, decided_at,
                                    categories, details, claim_token, claim_expires)
       VALUES (gen_random_uuid(), 'create', 'production', 'approving', 'ada', now() + interval '1 hour', 'bea', now(), 1,
               '{"category":{"name":"Fenced newts"}}', gen_random_uuid(), now() - interval '1 second')
       RETURNING id, claim_token AS token`,
    );
    const { id, token } = rows[0] as { id: string; token: string };
    const hold = holdClaim(id, token);
    try {
      // The catalogue's address here answers nothing: a create sent would fail as upstream_unavailable instead.
      await expect(
        createCategory("production", { name: "Fenced newts" }, { requestId: "fenced", fence: hold.fence }),
      ).rejects.toMatchObject({ code: "approval_interrupted" });
    } finally {
      hold.stop();
    }
    const entries = await testDb.query(`SELECT id FROM audit_events WHERE details->>'name' = 'Fenced newts'`);
    expect(entries.rows).toEqual([]);
  });
});
