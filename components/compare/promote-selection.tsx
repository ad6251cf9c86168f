"use client";

import { useEffect, useRef, useState } from "react";
import { WaitingForApproval } from "@/components/requests/waiting-for-approval";
import { Alert } from "@/components/ui/alert";
import { ErrorDetails } from "@/components/ui/error-details";
import { type Selection, tickedIn } from "@/lib/browser/compare/selection";
import { AppError } from "@/lib/shared/app-error";
import { failedEnvironment } from "@/lib/shared/compare-schemas";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { Category } from "@/lib/shared/schemas";
import type { GroupSelection } from "./compare-group";
import { PromoteButton } from "./promote-button";

type PromoteFailure = { to: CatalogueEnvironment; error: unknown };
type PromoteWaiting = { to: CatalogueEnvironment; requestId: string };

const categoryName = (category: Category) => category.name;

/**
 * The ticks of Compare's two "only in" groups, and the start that failed last. The ticks are kept across a new
 * comparison and a refused start; only the ids still in a group count. Without `canPromote` there are none.
 */
export function usePromoteSelection(canPromote: boolean, approvalFor: readonly CatalogueEnvironment[] = []) {
  const [ticked, setTicked] = useState<Record<CatalogueEnvironment, Selection>>({
    staging: new Set(),
    production: new Set(),
  });
  const [failed, setFailed] = useState<PromoteFailure>();
  const [waiting, setWaiting] = useState<PromoteWaiting>();

  const selection = (
    from: CatalogueEnvironment,
    to: CatalogueEnvironment,
    rows: readonly Category[],
  ): GroupSelection<Category> | undefined =>
    canPromote
      ? {
          selected: ticked[from],
          onChange: (next) => setTicked((current) => ({ ...current, [from]: next })),
          labelOf: categoryName,
          action: (
            <PromoteButton
              from={from}
              to={to}
              needsApproval={approvalFor.includes(to)}
              ids={tickedIn(
                ticked[from],
                rows.map((category) => category.id),
              )}
              onError={(error) => {
                setWaiting(undefined);
                setFailed({ to, error });
              }}
              onWaiting={(requestId) => {
                // The request holds them now: ticked again, they would make a second request.
                setTicked((current) => ({ ...current, [from]: new Set() }));
                setFailed(undefined);
                setWaiting({ to, requestId });
              }}
            />
          ),
        }
      : undefined;
  return { selection, failed, waiting };
}

function alertTitle({ to, error }: PromoteFailure): string {
  const environment = error instanceof AppError ? failedEnvironment(error.message) : undefined;
  return environment
    ? `Couldn't read the ${environment} catalogue, so nothing was added to ${to}`
    : `Couldn't add the categories to ${to}`;
}

/** The page's alert for a start that failed; it takes the focus each time a start fails. */
export function PromoteFailureAlert({ failed }: { failed: PromoteFailure }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [failed]);
  return (
    <Alert title={alertTitle(failed)} ref={ref}>
      <ErrorDetails error={failed.error} />
    </Alert>
  );
}

/** Where the alert would be: the promotion became a request. It takes the focus each time one is made. */
export function PromoteWaitingNotice({ waiting }: { waiting: PromoteWaiting }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [waiting]);
  return (
    <WaitingForApproval requestId={waiting.requestId} ref={ref}>
      Adding these categories to {waiting.to} is a request now.
    </WaitingForApproval>
  );
}
