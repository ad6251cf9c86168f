import type { Metadata } from "next";
import Link from "next/link";
import { ImportUpload } from "@/components/import-upload";
import { NotAllowed } from "@/components/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { listImportJobs } from "@/lib/server/imports/import-store";
import { environmentPlace } from "@/lib/server/config/environments";
import { EnvironmentScope } from "@/components/environment-scope";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";

export const metadata: Metadata = { title: "Import categories" };

const STATE_WORDS = {
  preview: "Preview, not started",
  running: "Running",
  paused: "Paused",
  cancelled: "Cancelled",
  finished: "Finished",
} as const;

export default async function ImportPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  const place = environmentPlace(await pageEnvironment(searchParams));
  return (
    <div className="stack">
      <Link href={inEnvironment("/categories", place)} className="back-link">
        Back to categories
      </Link>
      <h1>Import categories</h1>
      {user.role === "admin" ? <Imports place={place} /> : <NotAllowed what="import categories" />}
    </div>
  );
}

async function Imports({ place }: { place: EnvironmentPlace }) {
  const jobs = await listImportJobs(place.environment);
  return (
    <>
      <section aria-labelledby="recent-imports" className="stack">
        <h2 id="recent-imports">Running and recent imports</h2>
        {jobs.length === 0 ? (
          <p className="muted">No imports yet.</p>
        ) : (
          <div className="table-scroll" role="region" aria-label="Recent imports" tabIndex={0}>
            <table className="table">
              <caption className="visually-hidden">Running and recent imports, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Who</th>
                  <th scope="col">When</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {jobs.map((job) => (
                  <tr key={job.id}>
                    <td>
                      <Link href={inEnvironment(`/categories/import/${job.id}`, place)}>{job.fileName}</Link>
                    </td>
                    <td>{job.createdBy}</td>
                    <td>
                      <time dateTime={job.createdAt}>{job.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
                    </td>
                    <td>{STATE_WORDS[job.state]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="new-import" className="stack">
        <h2 id="new-import">New import</h2>
        <EnvironmentScope place={place}>
          <ImportUpload />
        </EnvironmentScope>
      </section>
    </>
  );
}
