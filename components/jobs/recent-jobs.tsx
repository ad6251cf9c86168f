import Link from "next/link";
import { LocalTime } from "@/components/ui/local-time";
import type { EnvironmentPlace } from "@/lib/shared/environment";
import type { Job, JobKind } from "@/lib/shared/job-schemas";
import { JOB_KINDS, uiOf } from "./job-kinds";

const STATE_WORDS = { running: "Running", paused: "Paused", cancelled: "Cancelled", finished: "Finished" } as const;

type Props = { kind: JobKind; jobs: readonly Job[]; place?: EnvironmentPlace };

export function RecentJobs({ kind, jobs, place }: Props) {
  const { plural, recent } = JOB_KINDS[kind];
  const headingId = `recent-${plural}`;
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>{recent.heading}</h2>
      {jobs.length === 0 ? (
        <p className="muted">{`No ${plural} yet.`}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={`Recent ${plural}`} tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Running and recent {plural}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">{recent.firstColumn}</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => {
                const ui = uiOf(job);
                return (
                  <tr key={job.id}>
                    <td>
                      <Link href={ui.pagePath(job.id, place)}>{ui.recent.linkText(job)}</Link>
                    </td>
                    <td>{job.createdBy}</td>
                    <td>
                      <LocalTime iso={job.createdAt} />
                    </td>
                    <td>{job.state === "preview" ? ui.recent.inPreview : STATE_WORDS[job.state]}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
