import "server-only";
import { isUuid } from "@/lib/server/db/is-uuid";
import { randomUUID } from "node:crypto";
import { type Db, query, storableText } from "@/lib/server/db/database";
import {
  type NewSavedView,
  type SavedView,
  type SavedViewChange,
  type ViewPage,
  VIEWS_PER_PAGE_MAX,
  savedViewSchema,
} from "@/lib/shared/saved-view-schemas";
import { isoTime } from "@/lib/server/db/iso-time";

const columns = (table: string) => `${table}.id, ${table}.owner, ${table}.page, ${table}.name, ${table}.query,
  ${table}.shared, ${isoTime(`${table}.created_at`)} AS "createdAt",
  ${isoTime(`${table}.updated_at`)} AS "updatedAt"`;

type StoredView = Omit<SavedView, "mine">;

/** A row as `username` sees it: `mine` says whether they may change it. */
const asSeenBy = (row: StoredView, username: string): SavedView =>
  savedViewSchema.parse({ ...row, mine: row.owner === username });

type NewView = NewSavedView & { owner: string };

/** The new view, or undefined when its owner already keeps VIEWS_PER_PAGE_MAX of that page (saved_view_room). */
export async function insertView(db: Db, view: NewView): Promise<SavedView | undefined> {
  const { rows } = await db.query<StoredView>(
    `INSERT INTO saved_views (id, owner, page, name, query, shared)
     SELECT $1::uuid, $2::text, $3::text, $4::text, $5::text, $6::boolean WHERE saved_view_room($2, $3, $7::integer)
     RETURNING ${columns("saved_views")}`,
    [randomUUID(), view.owner, view.page, storableText(view.name), view.query, view.shared, VIEWS_PER_PAGE_MAX],
  );
  return rows[0] && asSeenBy(rows[0], view.owner);
}

/** One page's views that `username` owns or that are shared: theirs first, then by name. */
export async function listViews(page: ViewPage, username: string): Promise<SavedView[]> {
  const { rows } = await query<StoredView>(
    `SELECT ${columns("saved_views")} FROM saved_views WHERE page = $1 AND (owner = $2 OR shared)
     ORDER BY owner = $2 DESC, lower(name), name, id`,
    [page, username],
  );
  return rows.map((row) => asSeenBy(row, username));
}

/** The view, if `username` may see it: their own, or shared. */
export async function readView(id: string, username: string): Promise<SavedView | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await query<StoredView>(
    `SELECT ${columns("saved_views")} FROM saved_views WHERE id = $1 AND (owner = $2 OR shared)`,
    [id, username],
  );
  return rows[0] && asSeenBy(rows[0], username);
}

export type ChangedView = { view: SavedView; before: Pick<SavedView, "name" | "query" | "shared"> };

/** The owner's change, with what it changed from (for History); undefined when `owner` has no view with this id. */
export async function updateView(
  db: Db,
  id: string,
  owner: string,
  change: SavedViewChange,
): Promise<ChangedView | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<StoredView & { beforeName: string; beforeQuery: string; beforeShared: boolean }>(
    `UPDATE saved_views AS v SET name = coalesce($3, v.name), query = coalesce($4, v.query),
       shared = coalesce($5, v.shared), updated_at = now()
     FROM (SELECT id, name, query, shared FROM saved_views WHERE id = $1 AND owner = $2 FOR UPDATE) AS before
     WHERE v.id = before.id
     RETURNING ${columns("v")}, before.name AS "beforeName", before.query AS "beforeQuery",
       before.shared AS "beforeShared"`,
    [
      id,
      owner,
      change.name === undefined ? null : storableText(change.name),
      change.query ?? null,
      change.shared ?? null,
    ],
  );
  const [row] = rows;
  if (!row) return undefined;
  const { beforeName, beforeQuery, beforeShared, ...view } = row;
  return { view: asSeenBy(view, owner), before: { name: beforeName, query: beforeQuery, shared: beforeShared } };
}

/** Deleted by its owner, or by an admin when it is shared; undefined when `username` may not delete it. */
export async function deleteView(
  db: Db,
  id: string,
  username: string,
  isAdmin: boolean,
): Promise<SavedView | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<StoredView>(
    `DELETE FROM saved_views WHERE id = $1 AND (owner = $2 OR (shared AND $3::boolean))
     RETURNING ${columns("saved_views")}`,
    [id, username, isAdmin],
  );
  return rows[0] && asSeenBy(rows[0], username);
}
