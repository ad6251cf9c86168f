"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { comparisonQuery } from "@/lib/browser/comparison";
import { describeError } from "@/lib/browser/describe-error";
import { usePromotion, usePromotionAction } from "@/lib/browser/promotions";
import type { PromotionRow, PromotionWithRows } from "@/lib/shared/promotion-schemas";
import { Alert } from "./alert";
import { useAnnounce } from "./announcer";
import { ImportProgress } from "./import-progress";
import { ImportResult, resultSentence } from "./import-result";
import { ImportRowsTable, type RowColumn, outcomeWords } from "./import-rows-table";
import { OUTCOME_FILTERS, RowFilter } from "./row-filter";

const HEADINGS = {
  preview: "Starting",
  running: "Adding",
  paused: "Paused",
  finished: "Result",
  cancelled: "Result",
};

// A category the target already had when the promotion started says so in its note.
const promotionOutcome = (row: PromotionRow) =>
  row.state === "skipped" && !row.message && row.note ? `Skipped: ${row.note}` : outcomeWords(row);

function rowColumns({ from, to }: PromotionWithRows): RowColumn<PromotionRow>[] {
  return [
    { label: "Name", cell: (row) => row.name },
    { label: "Description", cell: (row) => row.description },
    { label: `ID in ${from}`, cell: (row) => row.sourceId, className: "cell-id" },
    { label: "Outcome", cell: promotionOutcome },
    { label: `ID in ${to}`, cell: (row) => row.categoryId ?? row.existingId, className: "cell-id" },
  ];
}

export function PromotionView({ id }: { id: string }) {
  const { data: promotion, error } = usePromotion(id);
  const action = usePromotionAction(id);
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const statusRef = useRef<HTMLHeadingElement>(null);
  const lastState = useRef(promotion?.state);
  const columns = useMemo(() => promotion && rowColumns(promotion), [promotion]);
  const [filter, setFilter] = useState("all");
  const shown = useMemo(
    () => (promotion?.rows ?? []).filter((row) => filter === "all" || row.state === filter),
    [promotion, filter],
  );

  // A change of state is announced, and the focus (on a button that is now gone) moves to the new state's heading.
  useEffect(() => {
    if (!promotion || lastState.current === promotion.state) return;
    const first = lastState.current === undefined;
    lastState.current = promotion.state;
    if (first) return;
    if (promotion.state === "finished" || promotion.state === "cancelled") {
      announce(resultSentence(promotion, "promotion"));
      // Compare shows what this changed the next time it is opened.
      void queryClient.invalidateQueries({ queryKey: comparisonQuery.queryKey, refetchType: "none" });
    }
    if (promotion.state === "paused") announce("Promotion paused");
    statusRef.current?.focus();
  }, [promotion, announce, queryClient]);

  if (!promotion || !columns)
    return error ? (
      <Alert title="Couldn't load this promotion">
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
        {HEADINGS[promotion.state]}
      </h2>
      {(promotion.state === "running" || promotion.state === "paused") && (
        <ImportProgress
          job={promotion}
          kind="promotion"
          pending={pending}
          onResume={() => action.mutate({ action: "resume" })}
          onCancel={() => action.mutate({ action: "cancel" })}
        />
      )}
      {(promotion.state === "finished" || promotion.state === "cancelled") && (
        <ImportResult
          job={promotion}
          kind="promotion"
          pending={pending}
          onSendAgain={() => action.mutate({ action: "send-unknown-again" })}
        />
      )}
      <RowFilter options={OUTCOME_FILTERS} value={filter} onChange={setFilter} shown={shown.length} />
      <ImportRowsTable
        rows={shown}
        columns={columns}
        label="Categories of this promotion"
        caption={`Categories from ${promotion.from} to ${promotion.to}`}
      />
    </div>
  );
}
