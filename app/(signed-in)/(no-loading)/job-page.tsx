import { QueryClient, dehydrate } from "@tanstack/react-query";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ListHydration } from "@/components/shell/list-hydration";
import { NotAllowed } from "@/components/shell/not-allowed";
import { LocalTime } from "@/components/ui/local-time";
import { requirePageUser } from "@/lib/server/auth/page-user";
import { configuredEnvironments } from "@/lib/server/config/environments";
import { jobKind, kindOf } from "@/lib/server/jobs/job-kinds";
import { readJobWithRows } from "@/lib/server/jobs/job-store";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { type JobKind, jobKey } from "@/lib/shared/job-schemas";
import { JobView } from "@/components/jobs/job-view";

type Props = {
  id: string;
  kind: JobKind;
  back: readonly [href: string, text: string];
  /** Shown only under its own environment's address, so the header never names another than the one it sends to. */
  environment?: CatalogueEnvironment;
};

// Its pages are in a route group without a loading.tsx: nothing of the response is sent before the job is read, so an
// unknown id gets a 404 status.
export async function JobPage({ id, kind, back, environment }: Props) {
  const user = await requirePageUser();
  if (user.role !== "admin") {
    return (
      <div className="stack">
        <h1>{jobKind(kind).page.notAllowed.title}</h1>
        <NotAllowed what={jobKind(kind).page.notAllowed.what} />
      </div>
    );
  }
  const job = await readJobWithRows(id, kind);
  if (!job || (environment && job.environment !== environment)) notFound();
  // The browser starts from this read and keeps it fresh.
  const queryClient = new QueryClient();
  queryClient.setQueryData(jobKey(id), job);
  const { page, waitingRequest } = kindOf(job);
  // A pending request to start it: the preview links to it instead of offering the start.
  const waitingFor = job.state === "preview" ? await waitingRequest?.(job) : undefined;
  return (
    <div className="stack">
      <Link href={back[0]} className="back-link">
        {back[1]}
      </Link>
      <h1>{page.title(job)}</h1>
      <p className="muted">
        {page.startedBy(job, configuredEnvironments().length > 1)} by {job.createdBy} at{" "}
        <LocalTime iso={job.createdAt} />
      </p>
      <ListHydration state={dehydrate(queryClient)}>
        <JobView id={id} kind={kind} waitingFor={waitingFor} />
      </ListHydration>
    </div>
  );
}
