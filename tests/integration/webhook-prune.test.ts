import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { testDb } from "../support/test-database";

// Issue 45: a delivery's log is kept as long as History (AUDIT_RETENTION_DAYS); one still to be sent is never pruned.
beforeAll(() => stubAppEnv());

describe("pruneDeliveries", () => {
  it("deletes settled deliveries older than the retention, with their attempts, and keeps the rest", async () => {
    const endpoint = randomUUID();
    await testDb.query(
      `INSERT INTO webhook_endpoints (id, name, url, format, events, created_by)
       VALUES ($1, 'Old', 'https://93.184.215.14/x', 'slack', '{request.created}', 'ada')`,
      [endpoint],
    );
    const add = async (state: string, ageDays: number) => {
      const id = randomUUID();
      await testDb.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, event_type, event_data, state, created_at)
         VALUES ($1, $2, 'ping', '{}', $3, now() - make_interval(days => $4))`,
        [id, endpoint, state, ageDays],
      );
      await testDb.query(
        `INSERT INTO webhook_attempts (delivery_id, at, status, duration_ms) VALUES ($1, now(), 200, 5)`,
        [id],
      );
      return id;
    };
    const oldDelivered = await add("delivered", 31);
    const oldFailed = await add("failed", 31);
    const oldPending = await add("pending", 31);
    const recent = await add("delivered", 29);

    const { pruneDeliveries } = await import("@/lib/server/webhooks/prune-deliveries");
    expect(await pruneDeliveries(30)).toBe(2);
    const { rows } = await testDb.query(`SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY id`, [
      endpoint,
    ]);
    expect(rows.map((row) => row.id).sort()).toEqual([oldPending, recent].sort());
    const attempts = await testDb.query(`SELECT delivery_id FROM webhook_attempts WHERE delivery_id = ANY($1)`, [
      [oldDelivered, oldFailed],
    ]);
    expect(attempts.rows).toEqual([]);
  });
});
