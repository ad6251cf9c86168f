// @ts-check
// `npm run bench:sweep` (part of `npm run bench`), issue 43's figure: the request sweep, run before every read and
// decision of a request, with 1,000,000 audit events and 100 pending requests (goal ≤ 20 ms). Before: the statements of
// the sweep issue 35 wrote, which looked a stale claim's create up in audit_events by a JSON field no index serves.
// After: this sweep's, which reads what a claim started from the request's own row. On PostgreSQL (BENCH_POSTGRES_URL
// or TEST_POSTGRES_URL), else embedded.
import { withDatabaseClient } from "../scripts/lib/database-client.mjs";
import { format, median, table } from "./lib/report.mjs";
import { CI, RUN, SERVER_URL as serverUrl, saveReport, withApp } from "./lib/script.mjs";

const [AUDIT_ROWS, PENDING, RUNS] = CI ? [20_000, 100, 5] : [1_000_000, 100, 21];

/** @param {import("pg").Client} db */
async function seed(db) {
  await db.query(
    `INSERT INTO audit_events (time, actor, action, details)
     SELECT now() - i * interval '1 second', 'user-' || (i % 200), a.action,
       jsonb_build_object('changeRequestId', gen_random_uuid()::text, 'name', 'Breed ' || i)
     FROM generate_series(1, $1::int) AS i,
       LATERAL (SELECT (ARRAY['category_created', 'request_created', 'signed_in', 'category_create_requested'])
         [1 + i % 4] AS action) AS a`,
    [AUDIT_ROWS],
  );
  await db.query(
    `INSERT INTO change_requests (id, kind, environment, requested_by, expires_at, categories, details)
     SELECT gen_random_uuid(), 'create', 'production', 'ada', now() + interval '72 hours', 1,
       jsonb_build_object('category', jsonb_build_object('name', 'Pending ' || i))
     FROM generate_series(1, $1::int) AS i`,
    [PENDING],
  );
  await db.query("ANALYZE");
}

// One claim left stale by a stopped process, as the sweep finds it; put back each run, so every run settles one.
/** @param {import("pg").Client} db */
async function staleClaim(db) {
  const { rows } = await db.query(
    `UPDATE change_requests SET state = 'approving', decided_by = 'bea', decided_at = now(),
       claim_token = gen_random_uuid(), claim_expires = now() - interval '1 second',
       started = jsonb_build_object('auditId', (SELECT max(id)::text FROM audit_events))
     WHERE id = (SELECT id FROM change_requests WHERE state = 'pending' LIMIT 1) RETURNING id`,
  );
  return /** @type {string} */ (rows[0].id);
}

const STALE = `SELECT id, claim_token, started::text FROM change_requests
  WHERE state = 'approving' AND (claim_expires IS NULL OR claim_expires < now())`;

/** The sweep of issue 35: each stale claim's create looked up by its request's id in the whole trail. */
const before = {
  /** @param {import("pg").Client} db */
  async sweep(db) {
    for (const claim of (await db.query(STALE)).rows)
      await db.query(
        `SELECT action, details->>'categoryId' FROM audit_events WHERE details->>'changeRequestId' = $1
           AND action IN ('category_create_requested', 'category_created', 'category_create_failed')`,
        [claim.id],
      );
    await db.query(`UPDATE change_requests SET state = 'expired', decided_at = expires_at
                    WHERE state = 'pending' AND expires_at <= now() RETURNING id`);
  },
};

/** This sweep: what a claim started is on its row; its create's entry is read by primary key. */
const after = {
  /** @param {import("pg").Client} db */
  async sweep(db) {
    for (const claim of (await db.query(STALE)).rows)
      await db.query(`SELECT action, details->>'categoryId' FROM audit_events WHERE id = $1`, [
        JSON.parse(claim.started).auditId,
      ]);
    await db.query(`SELECT 1 FROM change_requests WHERE state = 'pending' AND expires_at <= now() LIMIT 1`);
  },
};

/** Median ms of RUNS sweeps, with or without a stale claim to settle. @param {import("pg").Client} db */
async function measure(db, /** @type {typeof before} */ code, withStale = false) {
  const times = [];
  for (let run = 0; run < RUNS; run++) {
    const id = withStale ? await staleClaim(db) : undefined;
    const started = performance.now();
    await code.sweep(db);
    times.push(performance.now() - started);
    if (id)
      await db.query(
        `UPDATE change_requests SET state = 'pending', decided_by = NULL, decided_at = NULL,
                              claim_token = NULL, claim_expires = NULL, started = NULL WHERE id = $1`,
        [id],
      );
  }
  return median(times);
}

const rows = await withApp({ name: "bench-sweep", server: serverUrl }, (_app, _cookie, databaseUrl) =>
  withDatabaseClient(databaseUrl, async (db) => {
    await seed(db);
    const ms = (/** @type {number} */ value) => `${value.toFixed(1)} ms`;
    return [
      ["before (issue 35)", ms(await measure(db, before)), ms(await measure(db, before, true))],
      ["after (issue 43)", ms(await measure(db, after)), `**${ms(await measure(db, after, true))}**`],
    ];
  }),
);

await saveReport(
  "issue-43-sweep.md",
  `# Issue 43: the request sweep\n\n${RUN}. ${format.count(AUDIT_ROWS)} audit events and ${PENDING} pending ` +
    `requests on ${serverUrl ? "PostgreSQL" : "the embedded database"}; median of ${RUNS} sweeps, measured from the ` +
    `bench process on loopback (goal ≤ 20 ms).\n\n` +
    table(["sweep", "no stale claim", "one stale claim to settle"], rows),
);
