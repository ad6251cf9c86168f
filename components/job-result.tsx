"use client";

import { JOB_NOUNS, jobPath } from "@/lib/browser/jobs";
import type { Job } from "@/lib/shared/job-schemas";
import { count, formatCount } from "@/lib/shared/plural";
import { Button } from "./button";

export function resultSentence({ kind, state, counts }: Job): string {
  const parts = [
    `${formatCount(counts.created)} created`,
    `${formatCount(counts.skipped)} skipped`,
    `${formatCount(counts.failed)} failed`,
  ];
  if (counts.unknown > 0) parts.push(`${formatCount(counts.unknown)} unknown`);
  return `${JOB_NOUNS[kind]} ${state === "cancelled" ? "cancelled" : "finished"}: ${parts.join(", ")}`;
}

function confirmedLateSentence(n: number): string {
  const answers = n === 1 ? "its answer was" : "their answers were";
  return `${count(n, "category was", "categories were")} confirmed in the catalogue after ${answers} lost.`;
}

type Props = { job: Job; pending: boolean; onSendAgain: () => void };

/** A finished or cancelled job: what happened, the rows to send again, and the results file. */
export function JobResult({ job, pending, onSendAgain }: Props) {
  const { confirmedLate, unknown } = job.counts;
  const them = unknown === 1 ? "it" : "them";
  return (
    <>
      {/* A plain paragraph: the change is announced once, by the toast. */}
      <p>{resultSentence(job)}</p>
      {confirmedLate > 0 && <p>{confirmedLateSentence(confirmedLate)}</p>}
      {unknown > 0 && job.state === "finished" && (
        <div className="notice" role="note">
          <h3>{count(unknown, "row has", "rows have")} an unknown outcome</h3>
          <p>
            The catalogue service did not answer for {them}, and the list does not show {them} as created. Sending again
            may create a duplicate if the service did create it.
          </p>
          <Button onClick={onSendAgain} disabled={pending}>
            Send {unknown === 1 ? "this 1" : `these ${formatCount(unknown)}`} again
          </Button>
        </div>
      )}
      <div>
        <a className="button button-secondary" href={`${jobPath(job)}/results`} download>
          Download results
        </a>
      </div>
    </>
  );
}
