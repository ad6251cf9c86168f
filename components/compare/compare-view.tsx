"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { useAddressView } from "@/lib/browser/address-view";
import { useComparison } from "@/lib/browser/compare/comparison";
import { useLiveEvent } from "@/lib/browser/live/live-events";
import { showInAddress } from "@/lib/browser/views/saved-view-address";
import { AppError } from "@/lib/shared/app-error";
import { type CompareGroupId, compareSearchesToQuery, readCompareSearches } from "@/lib/shared/compare-address";
import { type CategoryPair, failedEnvironment } from "@/lib/shared/compare-schemas";
import { comparisonSummary } from "@/lib/shared/compare-summary";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Category } from "@/lib/shared/schemas";
import { CompareGroup } from "./compare-group";
import { PromoteFailureAlert, PromoteWaitingNotice, usePromoteSelection } from "./promote-selection";

// The CSV writer is loaded on the first download: it is not needed to show the comparison.
const csvWriter = () => import("@/lib/browser/compare/comparison-csv");
const categoriesCsv = async (rows: readonly Category[]) => (await csvWriter()).categoriesToCsv(rows);
const pairsCsv = async (rows: readonly CategoryPair[]) => (await csvWriter()).pairsToCsv(rows);

// The separator cannot be typed into a search box, so a match never spans two cells.
const categoryText = ({ name, description }: Category) => `${name}\u0000${description ?? ""}`;
const pairText = ({ staging, production }: CategoryPair) =>
  [categoryText(staging), categoryText(production)].join("\u0000");

const CATEGORY_COLUMNS: Column<Category>[] = [
  { label: "ID", cell: (category) => <span className="cell-id">{category.id}</span> },
  { label: "Name", cell: (category) => category.name },
  { label: "Description", cell: (category) => category.description },
];

const PAIR_COLUMNS: Column<CategoryPair>[] = [
  { label: "Name", cell: ({ staging }) => staging.name },
  { label: "Description in staging", cell: ({ staging }) => staging.description },
  { label: "Description in production", cell: ({ production }) => production.description },
  { label: "ID in staging", cell: ({ staging }) => staging.id },
  { label: "ID in production", cell: ({ production }) => production.id },
];

function alertTitle(error: unknown): string {
  const environment = error instanceof AppError ? failedEnvironment(error.message) : undefined;
  return environment ? `Couldn't read the ${environment} catalogue` : "Couldn't compare staging and production";
}

const categoryId = (category: Category) => category.id;

/** Each group's search, read from the address and kept there, so that a link or a saved view shows the same rows. */
function useGroupSearches() {
  const [searches, setSearches] = useAddressView(readCompareSearches);
  return (group: CompareGroupId) => ({
    search: searches[group],
    onSearch: (text: string) => {
      const next = { ...searches, [group]: text };
      setSearches(next);
      const query = compareSearchesToQuery(next);
      // Each keystroke replaces the entry, as the list's search does.
      showInAddress(query ? `${window.location.pathname}?${query}` : window.location.pathname, "replace");
    },
  });
}

/** Admins tick categories found in one environment only and add them to the other; viewers only look. */
export function CompareView({
  canPromote,
  approvalFor,
}: {
  canPromote: boolean;
  /** The environments whose changes wait for a second admin: their promotions ask for approval. */
  approvalFor?: readonly CatalogueEnvironment[];
}) {
  const { data, error, isPending, isFetching, refetch } = useComparison();
  const { selection, failed, waiting } = usePromoteSelection(canPromote, approvalFor);
  const searching = useGroupSearches();
  // A category created in either environment, or events missed, may change the comparison: the page says so and
  // waits to be asked, rather than changing under the reader's eyes.
  const [changed, setChanged] = useState(false);
  const noteChange = () => data && setChanged(true);
  useLiveEvent("category-created", noteChange);
  useLiveEvent("resync", noteChange);
  const compareAgain = () => {
    setChanged(false);
    void refetch();
  };

  return (
    <div className="stack">
      <div className="toolbar">
        <p role="status" className="count">
          {isPending ? "Comparing staging and production…" : data ? comparisonSummary(data) : ""}
        </p>
        <div role="status" className={changed ? "changed-note" : "visually-hidden"}>
          {changed && "Changed since you opened this page"}
        </div>
        <div className="toolbar-actions">
          <Button variant={changed ? "primary" : "secondary"} onClick={compareAgain} disabled={isFetching}>
            {isFetching && !isPending ? "Comparing…" : "Compare again"}
          </Button>
        </div>
      </div>
      {error && <LoadErrorAlert title={alertTitle(error)} error={error} onRetry={() => void refetch()} />}
      {failed && <PromoteFailureAlert failed={failed} />}
      {waiting && <PromoteWaitingNotice waiting={waiting} />}
      {/* Only when the comparison was too large to come with the page: a group of 100 rows fills more than a screen,
          so the groups take this place without pushing what is under them into view. */}
      {isPending && <div className="skeleton-bar compare-pending" aria-hidden="true" />}
      {data && (
        <>
          <CompareGroup
            id="only-in-staging"
            {...searching("only-in-staging")}
            title="Only in staging"
            rows={data.onlyInStaging}
            rowKey={categoryId}
            textOf={categoryText}
            columns={CATEGORY_COLUMNS}
            toCsv={categoriesCsv}
            empty="Every category in staging is in production too."
            select={selection("staging", "production", data.onlyInStaging)}
          />
          <CompareGroup
            id="only-in-production"
            {...searching("only-in-production")}
            title="Only in production"
            rows={data.onlyInProduction}
            rowKey={categoryId}
            textOf={categoryText}
            columns={CATEGORY_COLUMNS}
            toCsv={categoriesCsv}
            empty="Every category in production is in staging too."
            select={selection("production", "staging", data.onlyInProduction)}
          />
          <CompareGroup
            id="differ"
            {...searching("differ")}
            title="Different descriptions"
            rows={data.differing}
            rowKey={({ staging, production }) => `${staging.id}:${production.id}`}
            textOf={pairText}
            columns={PAIR_COLUMNS}
            toCsv={pairsCsv}
            empty="No category has a different description in the two environments."
          />
        </>
      )}
    </div>
  );
}
