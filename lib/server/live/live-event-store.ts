import "server-only";
import { query } from "@/lib/server/db/database";
import type { LiveEventType } from "@/lib/shared/live-events";
import { fanOutSql } from "@/lib/server/webhooks/fan-out-sql";

/** The NOTIFY channel that says a new event is in live_events; its payload is the event's id. */
export const LIVE_CHANNEL = "live_events";
// Held from an event's id to its commit, so ids commit in order and a reader never passes one still to come.
const ID_ORDER_LOCK = 34_001;
/** How far back a client that reconnects gets what it missed; older than this, it reads everything again. */
const REPLAY_MINUTES = 10;

// A resync is written too when the service watcher finds more new categories than it would announce one by one.
/** `webhook`: the same data also goes out as this webhook event (issue 45), queued in the same statement. */
export type NewLiveEvent = {
  type: LiveEventType;
  adminsOnly?: boolean;
  data: string;
  webhook?: { type: "category.created"; environment: string };
};
export type LiveEvent = { id: string; type: LiveEventType; adminsOnly: boolean; data: string };

/**
 * `statement` (with a RETURNING clause) and the event in one statement, so in one transaction: an event is never kept
 * without the audit entry of what it reports, nor that entry without it. The NOTIFY is sent at commit.
 */
export function withLiveEvent(statement: string, values: unknown[], event: NewLiveEvent): [string, unknown[]] {
  const n = values.length;
  const { webhook } = event;
  const hooks = webhook ? `, hooks AS (${fanOutSql(`$${n + 4}::text`, `$${n + 5}`, `$${n + 3}`, ", ordered")})` : "";
  return [
    `WITH written AS (${statement}),
          ordered AS (SELECT pg_advisory_xact_lock(${ID_ORDER_LOCK}) FROM (SELECT 1 FROM written LIMIT 1) AS one),
          event AS (INSERT INTO live_events (type, admins_only, data)
                    SELECT $${n + 1}, $${n + 2}, $${n + 3} FROM ordered RETURNING id)${hooks}
     SELECT pg_notify('${LIVE_CHANNEL}', id::text) FROM event`,
    [
      ...values,
      event.type,
      event.adminsOnly ?? false,
      event.data,
      ...(webhook ? [webhook.type, webhook.environment] : []),
    ],
  ];
}

// The id goes out as text (a bigint may pass 2^53), so ORDER BY names the column, never that text.
const COLUMNS = `id::text, type, admins_only AS "adminsOnly", data`;

/** Events after `id`, oldest first. */
export async function readLiveEventsAfter(id: string, limit: number): Promise<LiveEvent[]> {
  const { rows } = await query<LiveEvent>(
    `SELECT ${COLUMNS} FROM live_events WHERE id > $1 ORDER BY live_events.id LIMIT $2`,
    [id, limit],
  );
  return rows;
}

export async function lastLiveEventId(): Promise<string> {
  const { rows } = await query<{ id: string }>(`SELECT coalesce(max(id), 0)::text AS id FROM live_events`);
  return rows[0]?.id ?? "0";
}

/**
 * Whether a client that last saw `lastId` can be given what it missed from the table: an id known here, within the
 * replay window. When not, it must read everything again.
 */
export async function canReplayFrom(lastId: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(lastId)) return false;
  const { rowCount } = await query(
    `SELECT 1 FROM live_events WHERE id = $1 AND created_at > now() - make_interval(mins => ${REPLAY_MINUTES})`,
    [lastId],
  );
  return rowCount !== 0;
}

/** Events after `after` up to `upTo`, oldest first, at most `limit`: a client's replay, a page at a time. */
export async function readLiveEventsBetween(after: string, upTo: string, limit: number): Promise<LiveEvent[]> {
  const { rows } = await query<LiveEvent>(
    `SELECT ${COLUMNS} FROM live_events WHERE id > $1 AND id <= $2 ORDER BY live_events.id LIMIT $3`,
    [after, upTo, limit],
  );
  return rows;
}

/** Past the replay window, with a margin for clocks: nothing needs them any more. */
export async function pruneLiveEvents(): Promise<void> {
  await query(`DELETE FROM live_events WHERE created_at < now() - make_interval(mins => ${REPLAY_MINUTES * 2})`);
}
