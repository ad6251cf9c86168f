"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, openModal } from "@/components/ui/dialog";
import { comparisonQuery } from "@/lib/browser/compare/comparison";
import { focusAfterClose } from "@/lib/browser/focus-after-close";
import { startPromotion } from "@/lib/browser/jobs/promotions";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { count, formatCount } from "@/lib/shared/plural";

type Props = {
  from: CatalogueEnvironment;
  to: CatalogueEnvironment;
  /** The ticked categories, by id in `from`. */
  ids: readonly string[];
  /** A refused or failed start: the page shows it in its alert, and the ticks stay. */
  onError: (error: unknown) => void;
  /** The target needs approval: the promotion became this request, and the page says so. */
  onWaiting: (requestId: string) => void;
  /** `to` is in APPROVAL_REQUIRED_FOR: the confirmation says a second admin decides. */
  needsApproval?: boolean;
};

/** "Add N to production", and the confirmation that names the count and the target before anything is sent. */
export function PromoteButton({ from, to, ids, onError, onWaiting, needsApproval = false }: Props) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [sending, setSending] = useState(false);
  // Set when a start fails or becomes a request: the dialog's close event (which comes later, as a task) hands it to
  // the page, whose alert or notice then takes the focus instead of the button.
  const outcome = useRef<{ error: unknown } | { requestId: string }>(undefined);

  const confirm = async () => {
    setSending(true);
    try {
      const promotion = await startPromotion({ from, to, ids: [...ids] });
      if ("requestId" in promotion) {
        outcome.current = promotion;
        setSending(false);
        return dialogRef.current?.close();
      }
      // The comparison no longer holds: Compare reads it again when it is next shown, not while this page leaves.
      void queryClient.invalidateQueries({ queryKey: comparisonQuery.queryKey, refetchType: "none" });
      router.push(`/promotions/${promotion.id}`);
    } catch (error) {
      outcome.current = { error };
      setSending(false);
      dialogRef.current?.close();
    }
  };

  return (
    <>
      <Button ref={openerRef} onClick={() => openModal(dialogRef.current)} disabled={ids.length === 0}>
        Add {formatCount(ids.length)} to {to}
      </Button>
      <ConfirmDialog
        ref={dialogRef}
        id={`promote-to-${to}`}
        title={`Add ${count(ids.length, "category", "categories")} to ${to}?`}
        text={
          <>
            {needsApproval
              ? `Changes to ${to} wait for another admin's approval: this asks for it, and nothing is created until then. `
              : `They are created in ${to} one by one, by a job you can watch and cancel. `}
            A name {to} has by then is skipped. The catalogue cannot delete categories, so this cannot be undone.
          </>
        }
        confirmLabel={needsApproval ? (sending ? "Asking…" : "Ask for approval") : sending ? "Adding…" : "Add"}
        busy={sending}
        onConfirm={confirm}
        onClose={() => {
          const ended = outcome.current;
          outcome.current = undefined;
          if (!ended) focusAfterClose(dialogRef.current, openerRef.current);
          else if ("requestId" in ended) onWaiting(ended.requestId);
          else onError(ended.error);
        }}
      />
    </>
  );
}
