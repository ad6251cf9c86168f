"use client";

import { useEffect, useRef } from "react";
import { Alert } from "@/components/ui/alert";
import { useAnnounce } from "@/components/ui/announcer";
import { LocalTime } from "@/components/ui/local-time";
import { describeError } from "@/lib/browser/describe-error";
import { useRequest } from "@/lib/browser/requests/change-requests";
import { STATE_WORDS, requestTitle } from "@/lib/browser/requests/request-words";
import type { ChangeRequest } from "@/lib/shared/change-request-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { formatCount } from "@/lib/shared/plural";
import { RequestDecision } from "./request-decision";
import { RequestDetails, RequestResult } from "./request-details";

const HEADINGS = {
  pending: "Waiting for approval",
  approved: "Approved",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
  expired: "Expired: nobody decided in time",
} as const;
const DECIDED_WORDS = { approved: "Approved by", rejected: "Rejected by", withdrawn: "Withdrawn by" } as const;

/** A decision is announced, and the focus (on a button that is now gone) moves to the state. */
function useStateChange(request: ChangeRequest | undefined) {
  const announce = useAnnounce();
  const stateRef = useRef<HTMLHeadingElement>(null);
  const lastState = useRef(request?.state);
  useEffect(() => {
    if (!request || lastState.current === request.state) return;
    const first = lastState.current === undefined;
    lastState.current = request.state;
    if (first) return;
    announce(`Request ${STATE_WORDS[request.state].toLowerCase()}`);
    stateRef.current?.focus();
  }, [request, announce]);
  return stateRef;
}

type Props = { id: string; username: string; defaultEnvironment: CatalogueEnvironment };

export function RequestView({ id, username, defaultEnvironment }: Props) {
  const { data: request, error } = useRequest(id);
  const stateRef = useStateChange(request);
  if (!request)
    return (
      <>
        <h1>Request</h1>
        {error ? (
          <Alert title="Couldn't load this request">
            <p>{describeError(error)}</p>
          </Alert>
        ) : (
          <p role="status" className="muted">
            Loading…
          </p>
        )}
      </>
    );

  const decided = request.state !== "pending" && request.state !== "expired" ? DECIDED_WORDS[request.state] : "";
  return (
    <>
      <h1>{requestTitle(request)}</h1>
      <h2 ref={stateRef} tabIndex={-1}>
        {HEADINGS[request.state]}
      </h2>
      <dl className="facts">
        <dt>Where</dt>
        <dd>{request.environment}</dd>
        <dt>Categories</dt>
        <dd>{formatCount(request.summary.categories)}</dd>
        <dt>Requested by</dt>
        <dd>
          {request.requestedBy}, <LocalTime iso={request.requestedAt} />
        </dd>
        {decided && request.decidedBy && request.decidedAt && (
          <>
            <dt>{decided}</dt>
            <dd>
              {request.decidedBy}, <LocalTime iso={request.decidedAt} />
            </dd>
          </>
        )}
        {request.comment && (
          <>
            <dt>Comment</dt>
            <dd>{request.comment}</dd>
          </>
        )}
      </dl>
      {request.state === "approved" && (
        <section aria-labelledby="result-heading" className="stack">
          <h2 id="result-heading">Result</h2>
          <RequestResult request={request} defaultEnvironment={defaultEnvironment} />
        </section>
      )}
      {request.state === "pending" && <RequestDecision request={request} mine={request.requestedBy === username} />}
      <section aria-labelledby="details-heading" className="stack">
        <h2 id="details-heading">{request.state === "pending" ? "What will run" : "What was requested"}</h2>
        <RequestDetails request={request} />
      </section>
    </>
  );
}
