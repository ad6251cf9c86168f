import type { Metadata } from "next";
import Link from "next/link";
import { ImportUpload } from "@/components/import-upload";
import { NotAllowed } from "@/components/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { listJobs } from "@/lib/server/jobs/job-store";
import { RecentJobs } from "@/components/recent-jobs";
import { environmentPlace } from "@/lib/server/config/environments";
import { EnvironmentScope } from "@/components/environment-scope";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";

export const metadata: Metadata = { title: "Import categories" };

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
  const jobs = await listJobs("import", place.environment);
  return (
    <>
      <RecentJobs kind="import" jobs={jobs} place={place} />
      <section aria-labelledby="new-import" className="stack">
        <h2 id="new-import">New import</h2>
        <EnvironmentScope place={place}>
          <ImportUpload />
        </EnvironmentScope>
      </section>
    </>
  );
}
