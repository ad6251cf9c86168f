import { describe, expect, it } from "vitest";
import { stubAppEnv } from "../support/app-env";
import { testDb } from "../support/test-database";

// The header's "Requests (2)": requests waiting for someone other than the reader, expired ones left out.
stubAppEnv();
const { countRequestsAwaitingOthers } = await import("@/lib/server/change-requests/pending-count");

const add = (requestedBy: string, state: string, expiresIn: string) =>
  testDb.query(
    `INSERT INTO change_requests (id, kind, environment, state, requested_by, expires_at, decided_by, decided_at,
                                  categories, details)
     VALUES (gen_random_uuid(), 'create', 'production', $2, $1, now() + $3::interval,
             CASE WHEN $2 = 'pending' THEN NULL ELSE 'bea' END, CASE WHEN $2 = 'pending' THEN NULL ELSE now() END,
             1, '{"category": {"name": "Otters"}}')`,
    [requestedBy, state, expiresIn],
  );

describe("countRequestsAwaitingOthers", () => {
  it("counts pending requests made by others, not one's own, decided or past their time", async () => {
    await add("ada", "pending", "1 hour");
    await add("ada", "pending", "1 hour");
    await add("cy", "pending", "1 hour");
    await add("ada", "pending", "-1 second");
    await add("ada", "rejected", "1 hour");
    expect(await countRequestsAwaitingOthers("bea")).toBe(3);
    expect(await countRequestsAwaitingOthers("ada")).toBe(1);
  });
});
