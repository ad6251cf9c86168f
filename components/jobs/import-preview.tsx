"use client";

import { useCallback, useState } from "react";
import { WaitingForApproval } from "@/components/requests/waiting-for-approval";
import { Button } from "@/components/ui/button";
import type { JobActions } from "@/lib/browser/jobs/jobs";
import type { Job } from "@/lib/shared/job-schemas";
import { count, formatCount } from "@/lib/shared/plural";

type Props = {
  job: Extract<Job, { kind: "import" }>;
  actions: JobActions;
  /** The request to start it that waited when the page was read. */
  waitingFor?: string;
};

export function ImportPreview({ job, actions, waitingFor }: Props) {
  const [createExisting, setCreateExisting] = useState(false);
  const { counts } = job;
  const toCreate = counts.new + (createExisting ? counts.existing : 0);
  const requested = actions.data?.requestId;
  const requestId = requested ?? waitingFor;
  // Only a request just made takes the focus, not one the page opened with.
  const focus = useCallback((notice: HTMLDivElement | null) => notice?.focus(), []);
  return (
    <>
      <p>
        {formatCount(counts.new)} to create, {formatCount(counts.existing)} already in the catalogue,{" "}
        {formatCount(counts.repeated)} repeated, {formatCount(counts.invalid)} invalid
      </p>
      {job.ignoredColumns.length > 0 && <p className="muted">Ignored columns: {job.ignoredColumns.join(", ")}.</p>}
      {counts.existing > 0 && (
        <div className="field checkbox-field">
          <input
            id="create-existing"
            type="checkbox"
            checked={createExisting}
            onChange={(event) => setCreateExisting(event.target.checked)}
          />
          <label htmlFor="create-existing">Create these anyway</label>
          <span className="hint">({count(counts.existing, "name is", "names are")} already in the catalogue)</span>
        </div>
      )}
      {requestId ? (
        <WaitingForApproval requestId={requestId} ref={requested ? focus : undefined}>
          This import into {job.environment} is a request now.
        </WaitingForApproval>
      ) : (
        <div>
          <Button
            disabled={toCreate === 0 || actions.isPending}
            onClick={() => actions.mutate({ action: "start", createExisting })}
          >
            Import {count(toCreate, "category", "categories")}
          </Button>
        </div>
      )}
    </>
  );
}
