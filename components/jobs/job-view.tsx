"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { useAnnounce } from "@/components/ui/announcer";
import { describeError } from "@/lib/browser/describe-error";
import { useJob, useJobAction } from "@/lib/browser/jobs/jobs";
import { comparisonQueryKey } from "@/lib/shared/comparison-query";
import type { JobKind, JobWithRows } from "@/lib/shared/job-schemas";
import { JOB_KINDS, uiOf } from "./job-kinds";
import { JobProgress } from "./job-progress";
import { JobResult, resultSentence } from "./job-result";
import { JobRowsTable } from "./job-rows-table";
import { OUTCOME_FILTERS, PREVIEW_FILTERS, RowFilter } from "./row-filter";

/** A change of state is announced, and the focus (on a button that is now gone) moves to the new state's heading. */
function useStateChange(job: JobWithRows | undefined) {
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastState = useRef(job?.state);
  useEffect(() => {
    if (!job || lastState.current === job.state) return;
    const first = lastState.current === undefined;
    lastState.current = job.state;
    if (first) return;
    if (job.state === "finished" || job.state === "cancelled") {
      announce(resultSentence(job));
      // Compare shows what a promotion changed the next time it is opened.
      if (uiOf(job).changesComparison)
        void queryClient.invalidateQueries({ queryKey: comparisonQueryKey, refetchType: "none" });
    }
    if (job.state === "paused") announce(`${uiOf(job).noun} paused`);
    headingRef.current?.focus();
  }, [job, announce, queryClient]);
  return headingRef;
}

/** One job's page below its title, whatever its kind: its state, what can be done now, and its rows. */
export function JobView({ id, kind, waitingFor }: { id: string; kind: JobKind; waitingFor?: string }) {
  const { data: job, error } = useJob(id);
  const action = useJobAction({ id, path: JOB_KINDS[kind].apiPath(id) });
  const headingRef = useStateChange(job);
  const [filter, setFilter] = useState("all");
  const preview = job?.state === "preview";
  const filters = preview ? PREVIEW_FILTERS : OUTCOME_FILTERS;
  // A filter of the preview means nothing once sending starts.
  const show = filters.some(([value]) => value === filter) ? filter : "all";
  const shown = useMemo(
    () => (job?.rows ?? []).filter((row) => show === "all" || (preview ? row.class : row.state) === show),
    [job, show, preview],
  );
  const table = useMemo(() => job && uiOf(job).rowsTable(job), [job]);

  if (!job || !table)
    return error ? (
      <Alert title={`Couldn't load this ${JOB_KINDS[kind].word}`}>
        <p>{describeError(error)}</p>
      </Alert>
    ) : (
      <p className="muted">Loading…</p>
    );

  const { headings, Preview } = uiOf(job);
  return (
    <div className="stack">
      {action.error && (
        <Alert title="That did not work">
          <p>{describeError(action.error)}</p>
        </Alert>
      )}
      <h2 ref={headingRef} tabIndex={-1}>
        {headings[job.state]}
      </h2>
      {preview && Preview && <Preview job={job} actions={action} waitingFor={waitingFor} />}
      {(job.state === "running" || job.state === "paused") && <JobProgress job={job} actions={action} />}
      {(job.state === "finished" || job.state === "cancelled") && <JobResult job={job} actions={action} />}
      <RowFilter options={filters} value={show} onChange={setFilter} shown={shown.length} />
      <JobRowsTable rows={shown} {...table} />
    </div>
  );
}
