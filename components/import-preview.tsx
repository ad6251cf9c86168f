"use client";

import { useState } from "react";
import type { Job } from "@/lib/shared/job-schemas";
import { count, formatCount } from "@/lib/shared/plural";
import { Button } from "./button";

export function previewSentence({ counts }: Pick<Job, "counts">): string {
  const parts = [
    `${formatCount(counts.new)} to create`,
    `${formatCount(counts.existing)} already in the catalogue`,
    `${formatCount(counts.repeated)} repeated`,
    `${formatCount(counts.invalid)} invalid`,
  ];
  return parts.join(", ");
}

type Props = { job: Extract<Job, { kind: "import" }>; pending: boolean; onStart: (createExisting: boolean) => void };

export function ImportPreview({ job, pending, onStart }: Props) {
  const [createExisting, setCreateExisting] = useState(false);
  const toCreate = job.counts.new + (createExisting ? job.counts.existing : 0);
  return (
    <>
      <p>{previewSentence(job)}</p>
      {job.ignoredColumns.length > 0 && <p className="muted">Ignored columns: {job.ignoredColumns.join(", ")}.</p>}
      {job.counts.existing > 0 && (
        <div className="field checkbox-field">
          <input
            id="create-existing"
            type="checkbox"
            checked={createExisting}
            onChange={(event) => setCreateExisting(event.target.checked)}
          />
          <label htmlFor="create-existing">Create these anyway</label>
          <span className="hint">({count(job.counts.existing, "name is", "names are")} already in the catalogue)</span>
        </div>
      )}
      <div>
        <Button disabled={toCreate === 0 || pending} onClick={() => onStart(createExisting)}>
          Import {count(toCreate, "category", "categories")}
        </Button>
      </div>
    </>
  );
}
