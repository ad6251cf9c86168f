import Link from "next/link";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import type { EnvironmentPlace } from "@/lib/shared/environment";
import type { Job, JobKind } from "@/lib/shared/job-schemas";
import { JOB_KINDS, uiOf } from "./job-kinds";

const STATE_WORDS = { running: "Running", paused: "Paused", cancelled: "Cancelled", finished: "Finished" } as const;

type Props = { kind: JobKind; jobs: readonly Job[]; place?: EnvironmentPlace };

export function RecentJobs({ kind, jobs, place }: Props) {
  const { plural, recent } = JOB_KINDS[kind];
  const headingId = `recent-${plural}`;
  const columns: Column<Job>[] = [
    {
      label: recent.firstColumn,
      cell: (job) => <Link href={uiOf(job).pagePath(job.id, place)}>{uiOf(job).recent.linkText(job)}</Link>,
    },
    { label: "Who", cell: (job) => job.createdBy },
    { label: "When", cell: (job) => <LocalTime iso={job.createdAt} /> },
    {
      label: "State",
      cell: (job) => (job.state === "preview" ? uiOf(job).recent.inPreview : STATE_WORDS[job.state]),
    },
  ];
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>{recent.heading}</h2>
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
