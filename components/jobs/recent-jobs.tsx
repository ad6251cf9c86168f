import Link from "next/link";
import { LocalTime } from "@/components/ui/local-time";
import { type EnvironmentPlace, inEnvironment } from "@/lib/shared/environment";
import type { Job, JobKind } from "@/lib/shared/job-schemas";
import { count } from "@/lib/shared/plural";

const STATE_WORDS = { running: "Running", paused: "Paused", cancelled: "Cancelled", finished: "Finished" } as const;

/** What a job's first cell says and where it links: an import by its file, a promotion by what it moves where. */
function jobLink(job: Job, place?: EnvironmentPlace): { href: string; text: string; preview: string } {
  if (job.kind === "import") {
    const href = `/categories/import/${job.id}`;
    return { href: place ? inEnvironment(href, place) : href, text: job.fileName, preview: "Preview, not started" };
  }
  const text = `${count(job.counts.rows, "category", "categories")} from ${job.from} to ${job.to}`;
  return { href: `/promotions/${job.id}`, text, preview: "Starting" };
}

type Props = { kind: JobKind; jobs: readonly Job[]; place?: EnvironmentPlace };

export function RecentJobs({ kind, jobs, place }: Props) {
  const headingId = `recent-${kind}s`;
  return (
    <section aria-labelledby={headingId} className="stack">
      <h2 id={headingId}>{kind === "import" ? "Running and recent imports" : "Recent promotions"}</h2>
      {jobs.length === 0 ? (
        <p className="muted">{`No ${kind}s yet.`}</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={`Recent ${kind}s`} tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Running and recent {kind}s, newest first</caption>
            <thead>
              <tr>
                <th scope="col">{kind === "import" ? "File" : "Promotion"}</th>
                <th scope="col">Who</th>
                <th scope="col">When</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {jobs.map((job) => {
                const link = jobLink(job, place);
                return (
                  <tr key={job.id}>
                    <td>
                      <Link href={link.href}>{link.text}</Link>
                    </td>
                    <td>{job.createdBy}</td>
                    <td>
                      <LocalTime iso={job.createdAt} />
                    </td>
                    <td>{job.state === "preview" ? link.preview : STATE_WORDS[job.state]}</td>
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
