"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { type JobActions, uncheckedCreates } from "@/lib/browser/jobs/jobs";
import type { Job } from "@/lib/shared/job-schemas";
import { count, formatCount } from "@/lib/shared/plural";
import { uiOf } from "./job-kinds";

export function JobProgress({ job, actions }: { job: Job; actions: JobActions }) {
  const { created, failed, unknown, pending: waiting, sending } = job.counts;
  const sent = created + failed + unknown;
  const toSend = sent + waiting + sending;
  const checking = uncheckedCreates(job);
  const { noun, word } = uiOf(job);
  return (
    <>
      <progress className="progress" aria-label={`${noun} progress`} value={sent} max={Math.max(toSend, 1)} />
      <p role="status">
        {formatCount(sent)} of {count(toSend, "row", "rows")} sent: {formatCount(created)} created,{" "}
        {formatCount(failed)} failed, {formatCount(unknown)} unknown
        {checking > 0 && `. Checking ${count(checking, "create", "creates")} that got no response…`}
      </p>
      {job.state === "paused" && (
        <Alert title={`The ${word} is paused`}>
          <p>
            {job.pauseReason ?? "The catalogue service could not take more rows."} Nothing more is sent until you
            resume.
          </p>
          <Button onClick={() => actions.mutate({ action: "resume" })} disabled={actions.isPending}>
            Resume
          </Button>
        </Alert>
      )}
      <div>
        <Button variant="secondary" onClick={() => actions.mutate({ action: "cancel" })} disabled={actions.isPending}>
          Cancel {word}
        </Button>
      </div>
    </>
  );
}
