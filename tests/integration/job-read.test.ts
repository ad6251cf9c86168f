import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type JobWithRows, jobWithRowsSchema } from "@/lib/shared/job-schemas";
import { errorBodySchema } from "@/lib/shared/schemas";
import { ADMIN, VIEWER, addAccounts, signIn } from "../support/auth-fixture";
import { ORIGIN, stubAppEnv } from "../support/app-env";
import { type FakeCatalogue, keepingCreates, startFakeCatalogue } from "../support/fake-catalogue";
import { numberedNames, startedImport } from "../support/started-import";

// What a job's page reads: GET /api/jobs/<id>, the job and its rows from one read.
let fake: FakeCatalogue;
const stored: { id: number; name: string }[] = [];
let adminCookie: string;
let viewerCookie: string;

beforeAll(async () => {
  fake = await startFakeCatalogue(keepingCreates(stored, 15));
  await addAccounts();
  stubAppEnv({ CATALOGUE_API_URL: fake.url, CATALOGUE_BREAKER_FAILURES: "0", JOB_LEASE_SECONDS: "3600" });
  const login = await import("@/app/api/auth/login/route");
  adminCookie = await signIn(login, ADMIN);
  viewerCookie = await signIn(login, VIEWER);
});
afterAll(() => fake.close());

const jobRoute = await import("@/app/api/jobs/[id]/route");
const { runJob } = await import("@/lib/server/jobs/job-runner");

const get = (id: string, cookie = adminCookie) =>
  jobRoute.GET(new Request(`${ORIGIN}/api/jobs/${id}`, { headers: { cookie } }), {
    params: Promise.resolve({ id }),
  });

/** What the page shows must hold together: the counts are those of the rows, and an ended job sends nothing. */
function expectConsistent(job: JobWithRows) {
  for (const state of ["pending", "sending", "created", "skipped"] as const)
    expect(job.counts[state], state).toBe(job.rows.filter((row) => row.state === state).length);
  if (job.state !== "running") expect(job.rows.filter((row) => row.state === "sending")).toEqual([]);
}

describe("GET /api/jobs/<id>", () => {
  it("gives an import with its kind and rows, and every read agrees with itself while it runs", async () => {
    // The last line repeats the first: one row is skipped, never sent.
    const id = await startedImport([...numberedNames("Read", 40), "Read 0"], "read.csv");
    const running = runJob(id, { leaseOwner: "test", concurrency: 4, stopping: () => false });
    const reads: JobWithRows[] = [];
    for (let done = false; !done; ) {
      const response = await get(id);
      expect(response.status).toBe(200);
      const job = jobWithRowsSchema.parse(await response.json());
      reads.push(job);
      done = job.state === "finished";
    }
    await running;
    reads.forEach(expectConsistent);
    expect(reads.some((job) => job.counts.created > 0 && job.counts.pending > 0)).toBe(true);
    expect(reads.at(-1)).toMatchObject({ kind: "import", fileName: "read.csv", counts: { created: 40, skipped: 1 } });
    expect(reads.at(-1)?.rows.at(-1)).toMatchObject({ line: 42, class: "repeated", state: "skipped" });
  });

  it("answers 404 job_not_found for an unknown or malformed id, and 403 to a viewer", async () => {
    for (const id of ["0b7f5d1e-8a52-4c35-9d1c-6a2f0c9b1e11", "not-a-job"]) {
      const response = await get(id);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json())).toMatchObject({ code: "job_not_found", status: 404 });
    }
    const id = await startedImport(["Refused read"]);
    const refused = await get(id, viewerCookie);
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(await refused.json()).code).toBe("forbidden");
  });
});
