import Link from "next/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import { jobKind, kindOf } from "@/lib/server/jobs/job-kinds";
import type { EnvironmentPlace } from "@/lib/shared/environment";
import type { Job, JobKind } from "@/lib/shared/job-schemas";

const STATE_WORDS = { running: "Running", paused: "Paused", cancelled: "Cancelled", finished: "Finished" } as const;

type Props = { kind: JobKind; jobs: readonly Job[]; place?: EnvironmentPlace };

/** The recent jobs of a kind on the page that starts them, rendered on the server from the kind's description. */
export function RecentJobs({ kind, jobs, place }: Props) {
  const { plural, heading, firstColumn } = jobKind(kind).recent;
  const headingId = `recent-${plural}`;
  const columns: Column<Job>[] = [
    {
      label: firstColumn,
      cell: (job) => <Link href={kindOf(job).pagePath(job.id, place)}>{kindOf(job).recent.linkText(job)}</Link>,
    },
    { label: "Who", cell: (job) => job.createdBy },
    { label: "When", cell: (job) => <LocalTime iso={job.createdAt} /> },
    {
      label: "State",
      cell: (job) => (job.state === "preview" ? kindOf(job).recent.inPreview : STATE_WORDS[job.state]),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>{heading}</h2>
      {jobs.length === 0 ? (
        <p className="muted">{`No ${plural} yet.`}</p>
      ) : (
        <DataTable
          label={`Recent ${plural}`}
          caption={`Running and recent ${plural}, newest first`}
          columns={columns}
          rows={jobs}
          rowKey={(job) => job.id}
        />
      )}
    </section>
  );
}
