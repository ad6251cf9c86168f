import "server-only";
import { storedEnvironment } from "@/lib/server/config/environments";
import { query } from "@/lib/server/db/database";
import { defaultEnvironment } from "@/lib/server/config/environments";
import { parseExactJson } from "@/lib/shared/exact-json";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { categoryIdSchema } from "@/lib/shared/schemas";

// A create the app has sent but not yet announced: its audit entry still says requested (written before the create
// is sent, completed with the event in one statement), or an import's row whose answer was lost and that the job may
// still find in the list and announce. Older entries are left by a process that stopped meanwhile.
const PENDING_MINUTES = 5;

export type Announced = {
  /** The last event read: the next call reads after it. */
  cursor: string;
  /** Ids of categories of this environment that the app announced since the cursor given. */
  ids: string[];
  /** Names of creates of this environment that the app may still announce. */
  pendingNames: Set<string>;
};

type Row = { source: "event" | "pending"; at: string | null; text: string };

/**
 * What the app announced since `cursor`, and what it may still announce, read in one statement: one snapshot, in
 * which a create the app made is either announced or pending, never neither.
 */
export async function readAnnounced(environment: CatalogueEnvironment, cursor: string): Promise<Announced> {
  const { rows } = await query<Row>(
    `SELECT 'event' AS source, id::text AS at, data AS text FROM live_events
       WHERE type = 'category-created' AND id > $1
     UNION ALL
     SELECT 'pending', NULL, details ->> 'name' FROM audit_events
       WHERE action = 'category_create_requested' AND details ->> 'environment' = $2
         AND time > now() - make_interval(mins => ${PENDING_MINUTES})
     UNION ALL
     SELECT 'pending', NULL, r.name FROM import_rows r JOIN import_jobs j ON j.id = r.job_id
       WHERE coalesce(j.environment, $4) = $3 AND j.state IN ('running', 'paused') AND r.state IN ('sending', 'unknown')`,
    [cursor, storedEnvironment(environment) ?? environment, environment, defaultEnvironment()],
  );
  const announced: Announced = { cursor, ids: [], pendingNames: new Set() };
  for (const row of rows) {
    if (row.source === "pending") {
      announced.pendingNames.add(row.text);
      continue;
    }
    if (row.at && BigInt(row.at) > BigInt(announced.cursor)) announced.cursor = row.at;
    const id = idOf(row.text, environment);
    if (id !== undefined) announced.ids.push(id);
  }
  return announced;
}

function idOf(data: string, environment: CatalogueEnvironment): string | undefined {
  const event = parseExactJson(data) as { environment?: unknown; category?: { id?: unknown } };
  if (event.environment !== environment) return undefined;
  const id = categoryIdSchema.safeParse(event.category?.id);
  return id.success ? id.data : undefined;
}
