"use client";

import { Button } from "@/components/ui/button";
import type { JobActions } from "@/lib/browser/jobs/jobs";
import type { Job } from "@/lib/shared/job-schemas";
import { count, formatCount } from "@/lib/shared/plural";
import { uiOf } from "./job-kinds";

export function resultSentence(job: Job): string {
  const {
    state,
    counts: { created, skipped, failed, unknown },
  } = job;
  const parts = [`${formatCount(created)} created`, `${formatCount(skipped)} skipped`, `${formatCount(failed)} failed`];
  if (unknown > 0) parts.push(`${formatCount(unknown)} unknown`);
  return `${uiOf(job).noun} ${state === "cancelled" ? "cancelled" : "finished"}: ${parts.join(", ")}`;
}

export function JobResult({ job, actions }: { job: Job; actions: JobActions }) {
  const { confirmedLate, unknown } = job.counts;
  const them = unknown === 1 ? "it" : "them";
  return (
    <>
      {/* A plain paragraph: the change is announced once, by the toast. */}
      <p>{resultSentence(job)}</p>
      {confirmedLate > 0 && (
        <p>
          {count(confirmedLate, "category was", "categories were")} confirmed in the catalogue after{" "}
          {confirmedLate === 1 ? "its answer was" : "their answers were"} lost.
        </p>
      )}
      {unknown > 0 && job.state === "finished" && (
        <div className="notice" role="note">
          <h3>{count(unknown, "row has", "rows have")} an unknown outcome</h3>
          <p>
            The catalogue service did not answer for {them}, and the list does not show {them} as created. Sending again
            may create a duplicate if the service did create it.
          </p>
          <Button onClick={() => actions.mutate({ action: "send-unknown-again" })} disabled={actions.isPending}>
            Send {unknown === 1 ? "this 1" : `these ${formatCount(unknown)}`} again
          </Button>
        </div>
      )}
      <div>
        <a className="button button-secondary" href={`${uiOf(job).apiPath(job.id)}/results`} download>
          Download results
        </a>
      </div>
    </>
  );
}
