"use client";

import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { type Column, DataTable } from "@/components/ui/data-table";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LocalTime } from "@/components/ui/local-time";
import { useRequests } from "@/lib/browser/requests/change-requests";
import {
  REQUEST_FILTERS,
  type RequestsFilter,
  STATE_WORDS,
  pendingFirst,
  readRequestsFilter,
  requestWhat,
  requestsHref,
} from "@/lib/browser/requests/request-words";
import { requestPagePath } from "@/lib/browser/requests/waiting-request";
import type { ChangeRequestSummary } from "@/lib/shared/change-request-schemas";
import { count, formatCount } from "@/lib/shared/plural";

function summary(filter: RequestsFilter, requests: readonly ChangeRequestSummary[]): string {
  const noun = filter === "all" ? "" : `${STATE_WORDS[filter].toLowerCase()} `;
  return requests.length === 0
    ? `No ${noun}requests.`
    : `${count(requests.length, `${noun}request`, `${noun}requests`)}.`;
}

/** The requests of one state (pending unless the URL says otherwise), pending first, then newest first. */
export function RequestsView() {
  const filter = readRequestsFilter(useSearchParams());
  const { data, error, refetch } = useRequests(filter);
  const requests = data && pendingFirst(data);
  return (
    <>
      <nav aria-label="Requests by state">
        <ul className="filter-links">
          {REQUEST_FILTERS.map((state) => (
            <li key={state}>
              <Link href={requestsHref(state)} aria-current={state === filter ? "page" : undefined}>
                {STATE_WORDS[state]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" className="count">
        {requests ? summary(filter, requests) : error ? "" : "Loading requests…"}
      </p>
      {error && !data ? (
        <LoadErrorAlert title="The requests could not be read" error={error} onRetry={() => void refetch()} />
      ) : requests ? (
        requests.length > 0 && <RequestsTable requests={requests} caption={summary(filter, requests)} />
      ) : (
        <div className="skeleton" aria-hidden="true">
          <div className="skeleton-bar" />
          <div className="skeleton-bar" />
        </div>
      )}
    </>
  );
}

const COLUMNS: Column<ChangeRequestSummary>[] = [
  { label: "What", cell: (request) => <Link href={requestPagePath(request.id)}>{requestWhat(request)}</Link> },
  { label: "Where", cell: (request) => request.environment },
  { label: "Categories", cell: (request) => formatCount(request.summary.categories) },
  { label: "Requested by", cell: (request) => request.requestedBy },
  { label: "When", cell: (request) => <LocalTime iso={request.requestedAt} /> },
  { label: "State", cell: (request) => STATE_WORDS[request.state] },
];

function RequestsTable({ requests, caption }: { requests: readonly ChangeRequestSummary[]; caption: string }) {
  return (
    <DataTable
      label="Requests"
      caption={`${caption} Pending first, then newest first.`}
      columns={COLUMNS}
      rows={requests}
      rowKey={(request) => request.id}
    />
  );
}
