import type { Metadata } from "next";
import Link from "next/link";
import { ImportUpload } from "@/components/jobs/import-upload";
import { EnvironmentScope } from "@/components/shell/environment-scope";
import { NotAllowed } from "@/components/shell/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { environmentPlace } from "@/lib/server/config/environments";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";
import { listJobs } from "@/lib/server/jobs/job-store";
import { inEnvironment } from "@/lib/shared/environment";
import { RecentJobs } from "../../recent-jobs";

export const metadata: Metadata = { title: "Import categories" };

export default async function ImportPage({ searchParams }: { searchParams: SearchParams }) {
  const user = await requirePageUser();
  const place = environmentPlace(await pageEnvironment(searchParams));
  const jobs = user.role === "admin" && (await listJobs("import", place.environment));
  return (
    <div className="stack">
      <Link href={inEnvironment("/categories", place)} className="back-link">
        Back to categories
      </Link>
      <h1>Import categories</h1>
      {jobs ? (
        <>
          <RecentJobs kind="import" jobs={jobs} place={place} />
          <section aria-labelledby="new-import" className="stack">
            <h2 id="new-import">New import</h2>
            <EnvironmentScope place={place}>
              <ImportUpload />
            </EnvironmentScope>
          </section>
        </>
      ) : (
        <NotAllowed what="import categories" />
      )}
    </div>
  );
}
