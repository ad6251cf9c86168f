import "server-only";
import { query, storableText } from "@/lib/server/db/database";
import type { AuditAction } from "@/lib/shared/audit-actions";
import type { AuditEntry, AuditPage } from "@/lib/shared/audit-schemas";
import { type AuditCursor, type AuditFilters, type AuditQuery, cursorOf } from "./audit-query";
import { auditPageSql } from "@/lib/node/audit-page-sql.mjs";

type Row = {
  id: string;
  time: Date;
  actor: string | null;
  action: AuditAction;
  request_id: string | null;
  details: AuditEntry["details"];
};

const entryOf = (row: Row): AuditEntry => ({
  id: row.id,
  time: row.time.toISOString(),
  actor: row.actor,
  action: row.action,
  requestId: row.request_id,
  details: row.details,
});

const edge = (row: Row): AuditCursor => ({ time: row.time, id: row.id });

// Stored actors hold U+0000 as the symbol for it: a filter finds them the same way.
const storable = (filters: AuditFilters): AuditFilters => ({
  ...filters,
  actor: filters.actor === undefined ? undefined : storableText(filters.actor),
});

async function rows(
  filters: AuditFilters,
  page: { before?: AuditCursor; after?: AuditCursor; limit: number },
): Promise<Row[]> {
  const { text, values } = auditPageSql({ ...storable(filters), ...page });
  return (await query<Row>(text, values)).rows;
}

const anyBeyond = async (filters: AuditFilters, page: { before: AuditCursor } | { after: AuditCursor }) =>
  (await rows(filters, { ...page, limit: 0 })).length > 0;

/** One page, newest first, and whether pages lie on either side of it (each side asked of an index, never counted). */
export async function auditPage({ before, after, limit, ...filters }: AuditQuery): Promise<AuditPage> {
  const found = await rows(filters, { before, after, limit });
  const page = found.slice(0, limit);
  if (after !== undefined) page.reverse();
  const [newest, oldest] = [page.at(0), page.at(-1)];
  const more = found.length > limit;
  const older =
    after === undefined ? more : oldest !== undefined && (await anyBeyond(filters, { before: edge(oldest) }));
  const newer =
    after !== undefined
      ? more
      : before !== undefined && newest !== undefined && (await anyBeyond(filters, { after: edge(newest) }));
  return {
    entries: page.map(entryOf),
    older: older && oldest ? cursorOf(edge(oldest)) : null,
    newer: newer && newest ? cursorOf(edge(newest)) : null,
  };
}

const EXPORT_BATCH = 1_000;

/** Every entry under the filters, newest first, read a batch at a time so no more than one batch is ever held. */
export async function* auditEntries(filters: AuditFilters): AsyncGenerator<AuditEntry[]> {
  let before: AuditCursor | undefined;
  for (;;) {
    const batch = (await rows(filters, { before, limit: EXPORT_BATCH })).slice(0, EXPORT_BATCH);
    if (batch.length > 0) yield batch.map(entryOf);
    const last = batch.at(-1);
    if (batch.length < EXPORT_BATCH || !last) return;
    before = edge(last);
  }
}
