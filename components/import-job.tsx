"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "@/lib/browser/describe-error";
import { useImportAction, useImportJob, useImportRows } from "@/lib/browser/imports";
import type { ImportJob as Job, ImportRow } from "@/lib/shared/import-schemas";
import { Alert } from "./alert";
import { useAnnounce } from "./announcer";
import { Button } from "./button";
import { ImportRowsTable } from "./import-rows-table";

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString("en")} ${count === 1 ? one : many}`;

export function previewSentence({ counts }: Job): string {
  return `${counts.new.toLocaleString("en")} to create, ${counts.existing.toLocaleString("en")} already in the catalogue, ${counts.repeated.toLocaleString("en")} repeated, ${counts.invalid.toLocaleString("en")} invalid`;
}

export function resultSentence({ state, counts }: Job): string {
  const unknown = counts.unknown > 0 ? `, ${counts.unknown.toLocaleString("en")} unknown` : "";
  const words = `${counts.created.toLocaleString("en")} created, ${counts.skipped.toLocaleString("en")} skipped, ${counts.failed.toLocaleString("en")} failed${unknown}`;
  return `${state === "cancelled" ? "Import cancelled" : "Import finished"}: ${words}`;
}

const FILTERS = {
  preview: [
    ["all", "All rows"],
    ["new", "New"],
    ["existing", "Already in the catalogue"],
    ["repeated", "Repeated"],
    ["invalid", "Invalid"],
  ],
  outcome: [
    ["all", "All rows"],
    ["created", "Created"],
    ["skipped", "Skipped"],
    ["failed", "Failed"],
    ["unknown", "Unknown"],
    ["pending", "Waiting"],
  ],
} as const;

export function ImportJobView({ id }: { id: string }) {
  const { data: job, error } = useImportJob(id);
  const { data: rows } = useImportRows(id, job);
  const action = useImportAction(id);
  const announce = useAnnounce();
  const [createExisting, setCreateExisting] = useState(false);
  const [filter, setFilter] = useState("all");
  const statusRef = useRef<HTMLHeadingElement>(null);
  const lastState = useRef(job?.state);

  // A change of state is announced, and the focus (on a button that is now gone) moves to where the news is.
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
  const toCreate = job.counts.new + (createExisting ? job.counts.existing : 0);
  const toSend = job.counts.created + job.counts.failed + job.counts.unknown + job.counts.pending + job.counts.sending;
  const sent = job.counts.created + job.counts.failed + job.counts.unknown;
  const run = (request: Parameters<typeof action.mutate>[0]) => action.mutate(request);

  return (
    <div className="stack">
      {action.error && (
        <Alert title="That did not work">
          <p>{describeError(action.error)}</p>
        </Alert>
      )}
      <h2 ref={statusRef} tabIndex={-1}>
        {job.state === "preview"
          ? "Preview"
          : job.state === "running"
            ? "Importing"
            : job.state === "paused"
              ? "Paused"
              : "Result"}
      </h2>

      {job.state === "preview" && (
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
              <span className="hint">
                ({plural(job.counts.existing, "name is", "names are")} already in the catalogue)
              </span>
            </div>
          )}
          <div>
            <Button
              disabled={toCreate === 0 || action.isPending}
              onClick={() => run({ action: "start", createExisting })}
            >
              Import {plural(toCreate, "category", "categories")}
            </Button>
          </div>
        </>
      )}

      {(job.state === "running" || job.state === "paused") && (
        <>
          <progress className="progress" aria-label="Import progress" value={sent} max={Math.max(toSend, 1)} />
          <p role="status">
            {sent.toLocaleString("en")} of {plural(toSend, "row", "rows")} sent:{" "}
            {job.counts.created.toLocaleString("en")} created, {job.counts.failed.toLocaleString("en")} failed,{" "}
            {job.counts.unknown.toLocaleString("en")} unknown
          </p>
          {job.state === "paused" && (
            <Alert title="The import is paused">
              <p>
                {job.pauseReason ?? "The catalogue service could not take more rows."} Nothing more is sent until you
                resume.
              </p>
              <Button onClick={() => run({ action: "resume" })} disabled={action.isPending}>
                Resume
              </Button>
            </Alert>
          )}
          <div>
            <Button variant="secondary" onClick={() => run({ action: "cancel" })} disabled={action.isPending}>
              Cancel import
            </Button>
          </div>
        </>
      )}

      {(job.state === "finished" || job.state === "cancelled") && (
        <>
          {/* A plain paragraph: the change is announced once, by the toast. */}
          <p>{resultSentence(job)}</p>
          {job.counts.confirmedLate > 0 && (
            <p>
              {job.counts.confirmedLate === 1
                ? "1 category was confirmed in the catalogue after its answer was lost."
                : `${job.counts.confirmedLate.toLocaleString("en")} categories were confirmed in the catalogue after their answers were lost.`}
            </p>
          )}
          {job.counts.unknown > 0 && job.state === "finished" && (
            <div className="notice" role="note">
              <h3>{plural(job.counts.unknown, "row has", "rows have")} an unknown outcome</h3>
              <p>
                The catalogue service did not answer for {job.counts.unknown === 1 ? "it" : "them"}, and the list does
                not show {job.counts.unknown === 1 ? "it" : "them"} as created. Sending again may create a duplicate if
                the service did create it.
              </p>
              <Button onClick={() => run({ action: "send-unknown-again" })} disabled={action.isPending}>
                Send {job.counts.unknown === 1 ? "this 1" : `these ${job.counts.unknown.toLocaleString("en")}`} again
              </Button>
            </div>
          )}
          <div>
            <a className="button button-secondary" href={`/api/imports/${job.id}/results`} download>
              Download results
            </a>
          </div>
        </>
      )}

      <div className="field field-inline">
        <label htmlFor="row-filter">Show</label>
        <select id="row-filter" value={show} onChange={(event) => setFilter(event.target.value)}>
          {FILTERS[kind].map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <span className="muted">{plural(shown.length, "row", "rows")}</span>
      </div>
      <ImportRowsTable rows={shown} caption={`Rows of ${job.fileName}`} />
    </div>
  );
}
