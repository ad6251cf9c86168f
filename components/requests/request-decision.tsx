"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog, openModal } from "@/components/ui/dialog";
import { ErrorDetails } from "@/components/ui/error-details";
import { Field } from "@/components/ui/field";
import { focusAfterClose } from "@/lib/browser/focus-after-close";
import { useDecideRequest } from "@/lib/browser/requests/change-requests";
import { approveQuestion } from "@/lib/browser/requests/request-words";
import type { ChangeRequest, ChangeRequestDecision } from "@/lib/shared/change-request-schemas";

type Action = ChangeRequestDecision["action"];

const FAILED: Record<Action, string> = {
  approve: "Couldn't approve the request",
  reject: "Couldn't reject the request",
  withdraw: "Couldn't withdraw the request",
};

function whatRuns(request: ChangeRequest): string {
  const where = request.environment;
  switch (request.kind) {
    case "create":
      return `“${request.details.category.name}” is created in ${where} at once.`;
    case "import":
      return `The rows of ${request.details.fileName} are created in ${where} one by one, by a job you can watch and cancel.`;
    case "promotion":
      return `They are created in ${where} one by one, by a job you can watch and cancel. A name ${where} has by then is skipped.`;
  }
}

/**
 * A pending request's choices: another admin approves (after a confirmation) or rejects it, its requester withdraws
 * it. The server decides who may; these only leave out what it would refuse.
 */
export function RequestDecision({ request, mine }: { request: ChangeRequest; mine: boolean }) {
  const router = useRouter();
  const decide = useDecideRequest(request.id);
  const [comment, setComment] = useState("");
  const [failed, setFailed] = useState<{ action: Action; error: unknown }>();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const approveRef = useRef<HTMLButtonElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);
  // How the dialog ended: its close event (a task, after the answer) hands the focus to the alert when the approval
  // failed, and leaves it to the page's new state when it worked.
  const ended = useRef<"approved" | "failed">(undefined);
  useEffect(() => {
    if (failed && !dialogRef.current?.open) alertRef.current?.focus();
  }, [failed]);

  const send = async (action: Action) => {
    setFailed(undefined);
    const text = comment.trim();
    try {
      await decide.mutateAsync(text ? { action, comment: text } : { action });
      // The header's count of requests is the server's: read it again.
      router.refresh();
      return true;
    } catch (error) {
      setFailed({ action, error });
      return false;
    }
  };

  const approve = async () => {
    ended.current = (await send("approve")) ? "approved" : "failed";
    dialogRef.current?.close();
  };
  const busy = decide.isPending;

  return (
    <section aria-labelledby="decide-heading" className="stack">
      <h2 id="decide-heading">{mine ? "Your request" : "Your decision"}</h2>
      {failed && (
        <Alert title={FAILED[failed.action]} ref={alertRef}>
          <ErrorDetails error={failed.error} />
        </Alert>
      )}
      <Field
        id="request-comment"
        label="Comment"
        hint={mine ? "Optional: why you withdraw it." : "Optional: the requester and the history see it."}
      >
        {(field) => (
          <textarea
            {...field}
            rows={3}
            maxLength={2_000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
        )}
      </Field>
      <div className="actions">
        {mine ? (
          <Button variant="secondary" onClick={() => void send("withdraw")} disabled={busy}>
            Withdraw
          </Button>
        ) : (
          <>
            <Button ref={approveRef} onClick={() => openModal(dialogRef.current)} disabled={busy}>
              Approve…
            </Button>
            <Button variant="secondary" onClick={() => void send("reject")} disabled={busy}>
              Reject
            </Button>
          </>
        )}
      </div>
      {!mine && (
        <ConfirmDialog
          ref={dialogRef}
          id="approve"
          title={approveQuestion(request)}
          text={`${request.requestedBy} asked for this. ${whatRuns(request)} The catalogue cannot delete categories, so this cannot be undone.`}
          confirmLabel={busy ? "Approving…" : "Approve"}
          busy={busy}
          onConfirm={() => void approve()}
          onClose={() => {
            if (ended.current === "failed") alertRef.current?.focus();
            else if (!ended.current) focusAfterClose(dialogRef.current, approveRef.current);
            ended.current = undefined;
          }}
        />
      )}
    </section>
  );
}
