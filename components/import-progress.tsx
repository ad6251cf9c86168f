"use client";

import type { ImportJob } from "@/lib/shared/import-schemas";
import { count, formatCount } from "@/lib/shared/plural";
import { Alert } from "./alert";
import { Button } from "./button";

type Props = { job: ImportJob; pending: boolean; onResume: () => void; onCancel: () => void };

/** A running or paused import: how far it got, and resume or cancel. */
export function ImportProgress({ job, pending, onResume, onCancel }: Props) {
  const { created, failed, unknown, pending: waiting, sending } = job.counts;
  const sent = created + failed + unknown;
  const toSend = sent + waiting + sending;
  return (
    <>
      <progress className="progress" aria-label="Import progress" value={sent} max={Math.max(toSend, 1)} />
      <p role="status">
        {formatCount(sent)} of {count(toSend, "row", "rows")} sent: {formatCount(created)} created,{" "}
        {formatCount(failed)} failed, {formatCount(unknown)} unknown
      </p>
      {job.state === "paused" && (
        <Alert title="The import is paused">
          <p>
            {job.pauseReason ?? "The catalogue service could not take more rows."} Nothing more is sent until you
            resume.
          </p>
          <Button onClick={onResume} disabled={pending}>
            Resume
          </Button>
        </Alert>
      )}
      <div>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel import
        </Button>
      </div>
    </>
  );
}
