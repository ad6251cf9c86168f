// @ts-check
// Keyset on (time, id), each filter with an index ending in (time, id) or a trigram index for the name, so every page
// costs about the same and no offset is scanned. The expressions match the indexes in the migrations exactly.

/** @typedef {{ time: Date, id: string }} Cursor */
/** @typedef {{ actor?: string, action?: string, environment?: string, from?: Date, to?: Date, q?: string, category?: string }} Filters */

/** @param {string} text */
const likePattern = (text) => `%${text.replace(/[\\%_]/g, "\\$&")}%`;

/** Ids are whole numbers: other text is looked for in names only, which keeps the planner's estimate of it exact.
 * @param {string} q @param {(value: unknown) => string} param */
const textCondition = (q, param) => {
  const inName = `lower(details ->> 'name') LIKE lower(${param(likePattern(q))})`;
  return /^\d+$/.test(q) ? `((details ->> 'categoryId') = ${param(q)} OR ${inName})` : inName;
};

/**
 * Newest first, or oldest first after an `after` cursor (the caller turns that page around). One row more than `limit`
 * tells whether there is a further page; `limit: 0` asks only whether any row is there.
 * @param {Filters & { before?: Cursor, after?: Cursor, limit: number }} query
 * @returns {{ text: string, values: unknown[] }}
 */
export function auditPageSql({ actor, action, environment, from, to, q, category, before, after, limit }) {
  /** @type {unknown[]} */
  const values = [];
  const param = (/** @type {unknown} */ value) => `$${values.push(value)}`;
  const conditions = [
    actor !== undefined && `actor = ${param(actor)}`,
    action !== undefined && `action = ${param(action)}`,
    environment !== undefined && `(details ->> 'environment') = ${param(environment)}`,
    from !== undefined && `time >= ${param(from)}`,
    to !== undefined && `time < ${param(to)}`,
    category !== undefined && `(details ->> 'categoryId') = ${param(category)}`,
    q !== undefined && textCondition(q, param),
    before !== undefined && `(time, id) < (${param(before.time)}, ${param(before.id)})`,
    after !== undefined && `(time, id) > (${param(after.time)}, ${param(after.id)})`,
  ].filter(Boolean);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const order = after === undefined ? "time DESC, id DESC" : "time, id";
  const columns = "id, time, actor, action, request_id, details";
  return {
    text: `SELECT ${columns} FROM audit_events ${where} ORDER BY ${order} LIMIT ${param(limit + 1)}`,
    values,
  };
}
