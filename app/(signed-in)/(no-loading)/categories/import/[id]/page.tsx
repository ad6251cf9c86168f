import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { JobView } from "@/components/job-view";
import { ListHydration } from "@/components/list-hydration";
import { NotAllowed } from "@/components/not-allowed";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments, environmentPlace } from "@/lib/server/config/environments";
import { pageEnvironment, type SearchParams } from "@/lib/server/environment/page-environment";
import { jobForPage } from "@/lib/server/jobs/job-for-page";
import { inEnvironment } from "@/lib/shared/environment";

export const metadata: Metadata = { title: "Import" };

// In a route group of its own, outside the loading.tsx of /categories and /categories/import: nothing of the response
// is sent before this page has read the import, so an unknown id gets a 404 status.
export default async function ImportJobPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: SearchParams;
}) {
  const { id } = await params;
  const environment = await pageEnvironment(searchParams);
  const user = await requirePageUser();
  if (user.role !== "admin") {
    return (
      <div className="stack">
        <h1>Import</h1>
        <NotAllowed what="import categories" />
      </div>
    );
  }
  const { job, state } = await jobForPage(id, "import");
  // Shown only under its own environment's address, so the header never names another than the one it sends to.
  if (job.environment !== environment) notFound();
  return (
    <div className="stack">
      <Link href={inEnvironment("/categories/import", environmentPlace(environment))} className="back-link">
        All imports
      </Link>
      <h1>Import of {job.fileName}</h1>
      <p className="muted">
        {configuredEnvironments().length > 1 ? `Into ${environment}, started` : "Started"} by {job.createdBy} at{" "}
        <time dateTime={job.createdAt}>{job.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
      </p>
      <ListHydration state={state}>
        <JobView id={id} kind="import" />
      </ListHydration>
    </div>
  );
}
