// @ts-check
// Keyset on (time, id), each filter with an index ending in (time, id): every page costs the same, no offset is scanned.

/** @param {{ actor?: string, action?: string, from?: Date, to?: Date, before?: { time: Date, id: string }, limit: number }} filters
 * @returns {{ text: string, values: unknown[] }} one row more than `limit`, to tell whether a next page exists */
export function auditPageSql({ actor, action, from, to, before, limit }) {
  /** @type {unknown[]} */
  const values = [];
  const param = (/** @type {unknown} */ value) => `$${values.push(value)}`;
  const conditions = [
    actor !== undefined && `actor = ${param(actor)}`,
    action !== undefined && `action = ${param(action)}`,
    from !== undefined && `time >= ${param(from)}`,
    to !== undefined && `time < ${param(to)}`,
    before !== undefined && `(time, id) < (${param(before.time)}, ${param(before.id)})`,
  ].filter(Boolean);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  return {
    text: `SELECT id, time, actor, action, request_id, details FROM audit_events ${where} ORDER BY time DESC, id DESC LIMIT ${param(limit + 1)}`,
    values,
  };
}
