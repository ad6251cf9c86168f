import "server-only";
import { isUuid } from "@/lib/server/db/is-uuid";
import { randomUUID } from "node:crypto";
import { type Db, query, storableText } from "@/lib/server/db/database";
import { getConfig } from "@/lib/server/config/config";
import { AppError } from "@/lib/shared/app-error";
import {
  type ChangeRequest,
  type ChangeRequestKind,
  type ChangeRequestState,
  type ChangeRequestSummary,
  changeRequestSchema,
  changeRequestSummarySchema,
} from "@/lib/shared/change-request-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { parseExactJson } from "@/lib/shared/exact-json";
import { isoTime } from "@/lib/server/db/iso-time";

// A list answers the newest this many, as summaries.
const LIST_LIMIT = 100;

// details and result are read as text and parsed with every digit of a category id kept (exact-json.ts). An approval
// under way ('approving') is shown as what it still is to everyone else: pending.
const columns = (details: string) => `id, kind, environment,
  CASE WHEN state = 'approving' THEN 'pending' ELSE state END AS state,
  requested_by AS "requestedBy", ${isoTime("requested_at")} AS "requestedAt",
  CASE WHEN state = 'approving' THEN NULL ELSE decided_by END AS "decidedBy",
  CASE WHEN state = 'approving' THEN NULL ELSE ${isoTime("decided_at")} END AS "decidedAt",
  CASE WHEN state = 'approving' THEN NULL ELSE comment END AS comment, categories, ${details} AS details, result::text AS result, state AS "storedState"`;
export const REQUEST_COLUMNS = columns("details::text");
// A summary's details: without an import's rows and a promotion's categories, which may be thousands.
const SUMMARY_COLUMNS = columns("(details - 'rows' - 'categories')::text");

export type StoredRequest = {
  id: string;
  kind: string;
  environment: string;
  state: string;
  requestedBy: string;
  requestedAt: string;
  decidedBy: string | null;
  decidedAt: string | null;
  comment: string | null;
  categories: number;
  details: string;
  result: string | null;
  storedState: string;
};

const parsedJson = ({ categories, details, result, ...row }: StoredRequest) => ({
  ...row,
  summary: { categories },
  details: parseExactJson(details),
  result: result === null ? null : parseExactJson(result),
});

/** A row as the API gives it: parsed by the schema the pages read with, which drops storedState. */
export const toChangeRequest = (row: StoredRequest): ChangeRequest => changeRequestSchema.parse(parsedJson(row));

export const requestNotFound = () =>
  new AppError(404, "request_not_found", "There is no request with this id. It may have been removed.");

/** A new pending request; `details` and `result` are JSON text, so that a category id keeps every digit. */
export async function insertRequest(
  db: Db,
  request: {
    kind: ChangeRequestKind;
    environment: CatalogueEnvironment;
    requestedBy: string;
    categories: number;
    details: string;
    importId?: string;
  },
): Promise<ChangeRequest> {
  const { rows } = await db.query<StoredRequest>(
    `INSERT INTO change_requests (id, kind, environment, requested_by, requested_at, expires_at, categories, details,
                                  import_id)
     VALUES ($1, $2, $3, $4, now(), now() + make_interval(secs => $5::double precision / 1000), $6, $7::jsonb, $8)
     RETURNING ${REQUEST_COLUMNS}`,
    [
      randomUUID(),
      request.kind,
      request.environment,
      request.requestedBy,
      getConfig().approval.expiresMs,
      request.categories,
      storableText(request.details),
      request.importId ?? null,
    ],
  );
  const [row] = rows;
  if (!row) throw new Error("INSERT … RETURNING gave no row");
  return toChangeRequest(row);
}

export async function readStoredRequest(id: string): Promise<StoredRequest | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await query<StoredRequest>(`SELECT ${REQUEST_COLUMNS} FROM change_requests WHERE id = $1`, [id]);
  return rows[0];
}

export async function requestById(id = ""): Promise<ChangeRequest> {
  const row = await readStoredRequest(id);
  if (!row) throw requestNotFound();
  return toChangeRequest(row);
}

/** Newest first, as summaries; "pending" includes approvals under way. */
export async function listRequests(state: ChangeRequestState | "all"): Promise<ChangeRequestSummary[]> {
  const states = state === "all" ? null : state === "pending" ? ["pending", "approving"] : [state];
  const { rows } = await query<StoredRequest>(
    `SELECT ${SUMMARY_COLUMNS} FROM change_requests WHERE ($1::text[] IS NULL OR state = ANY($1))
     ORDER BY requested_at DESC, id DESC LIMIT $2`,
    [states, LIST_LIMIT],
  );
  return rows.map((row) => changeRequestSummarySchema.parse(parsedJson(row)));
}

/** Whether an import has a request waiting: it can then be neither started nor cancelled directly. */
export async function importHasRequest(importId: string): Promise<string | undefined> {
  if (!isUuid(importId)) return undefined;
  const { rows } = await query<{ id: string }>(
    `SELECT id FROM change_requests WHERE import_id = $1 AND state IN ('pending', 'approving')`,
    [importId],
  );
  return rows[0]?.id;
}
