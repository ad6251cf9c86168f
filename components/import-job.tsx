"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "@/lib/browser/describe-error";
import { useImportAction, useImportJob, useImportRows } from "@/lib/browser/imports";
import type { ImportRow } from "@/lib/shared/import-schemas";
import { Alert } from "./alert";
import { useAnnounce } from "./announcer";
import { ImportPreview } from "./import-preview";
import { ImportProgress } from "./import-progress";
import { ImportResult, resultSentence } from "./import-result";
import { ImportRowsTable } from "./import-rows-table";
import { OUTCOME_FILTERS, RowFilter } from "./row-filter";

const HEADINGS = {
  preview: "Preview",
  running: "Importing",
  paused: "Paused",
  finished: "Result",
  cancelled: "Result",
};

const FILTERS = {
  preview: [
    ["all", "All rows"],
    ["new", "New"],
    ["existing", "Already in the catalogue"],
    ["repeated", "Repeated"],
    ["invalid", "Invalid"],
  ],
  outcome: OUTCOME_FILTERS,
} as const;

export function ImportJobView({ id }: { id: string }) {
  const { data: job, error } = useImportJob(id);
  const { data: rows } = useImportRows(id, job);
  const action = useImportAction(id);
  const announce = useAnnounce();
  const [filter, setFilter] = useState("all");
  const statusRef = useRef<HTMLHeadingElement>(null);
  const lastState = useRef(job?.state);

  // A change of state is announced, and the focus (on a button that is now gone) moves to the new state's heading.
  useEffect(() => {
    if (!job || lastState.current === job.state) return;
    const first = lastState.current === undefined;
    lastState.current = job.state;
    if (first) return;
    if (job.state === "finished" || job.state === "cancelled") announce(resultSentence(job));
    if (job.state === "paused") announce("Import paused");
    statusRef.current?.focus();
  }, [job, announce]);

  const kind = job?.state === "preview" ? "preview" : "outcome";
  // A filter of the preview means nothing once sending starts.
  const show = FILTERS[kind].some(([value]) => value === filter) ? filter : "all";
  const shown = useMemo(
    () =>
      (rows ?? []).filter((row: ImportRow) => show === "all" || (kind === "preview" ? row.class : row.state) === show),
    [rows, show, kind],
  );

  if (!job)
    return error ? (
      <Alert title="Couldn't load this import">
        <p>{describeError(error)}</p>
      </Alert>
    ) : (
      <p className="muted">Loading…</p>
    );
  const pending = action.isPending;

  return (
    <div className="stack">
      {action.error && (
        <Alert title="That did not work">
          <p>{describeError(action.error)}</p>
        </Alert>
      )}
      <h2 ref={statusRef} tabIndex={-1}>
        {HEADINGS[job.state]}
      </h2>
      {job.state === "preview" && (
        <ImportPreview
          job={job}
          pending={pending}
          onStart={(createExisting) => action.mutate({ action: "start", createExisting })}
        />
      )}
      {(job.state === "running" || job.state === "paused") && (
        <ImportProgress
          job={job}
          pending={pending}
          onResume={() => action.mutate({ action: "resume" })}
          onCancel={() => action.mutate({ action: "cancel" })}
        />
      )}
      {(job.state === "finished" || job.state === "cancelled") && (
        <ImportResult job={job} pending={pending} onSendAgain={() => action.mutate({ action: "send-unknown-again" })} />
      )}
      <RowFilter options={FILTERS[kind]} value={show} onChange={setFilter} shown={shown.length} />
      <ImportRowsTable rows={shown} caption={`Rows of ${job.fileName}`} />
    </div>
  );
}
