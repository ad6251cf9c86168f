"use client";

import { useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import type { Column } from "@/components/ui/data-table";
import { LocalTime } from "@/components/ui/local-time";
import { QueryTable } from "@/components/ui/query-table";
import { describeError } from "@/lib/browser/describe-error";
import { useDeliveries, useRedeliver } from "@/lib/browser/webhooks/webhooks";
import type { Delivery } from "@/lib/shared/webhook-schemas";
import { FailureMessage } from "@/components/ui/failure-message";

/** How much of an answer's body the table shows; the API keeps up to 8 KiB of it. */
const ANSWER_SHOWN = 120;

type Attempt = Delivery["attempts"][number];

function AttemptLine({ attempt }: { attempt: Attempt }) {
  const answer = attempt.response?.trim();
  return (
    <li>
      <LocalTime iso={attempt.at} />: {attempt.status === null ? "no answer" : `HTTP ${attempt.status}`} in{" "}
      {attempt.durationMs} ms{attempt.error ? `, ${attempt.error}` : ""}
      {answer && (
        <>
          {" "}
          <code className="answer">{answer.length > ANSWER_SHOWN ? `${answer.slice(0, ANSWER_SHOWN)}…` : answer}</code>
        </>
      )}
    </li>
  );
}

/** An endpoint's 50 newest deliveries, read again every few seconds while one is pending, each with Send again. */
export function DeliveriesTable({ webhookId }: { webhookId: string }) {
  const deliveries = useDeliveries(webhookId);
  const redeliver = useRedeliver(webhookId);
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();

  const sendAgain = async (delivery: Delivery) => {
    setFailure(undefined);
    try {
      await redeliver.mutateAsync(delivery.id);
      announce(`${delivery.type} queued to be sent again`);
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  const columns: Column<Delivery>[] = [
    { label: "Type", cell: (delivery) => <code>{delivery.type}</code> },
    { label: "Queued", cell: (delivery) => <LocalTime iso={delivery.createdAt} /> },
    {
      label: "State",
      cell: (delivery) => (delivery.failedReason ? `${delivery.state}: ${delivery.failedReason}` : delivery.state),
      className: "cell-state",
    },
    {
      label: "Attempts",
      cell: (delivery) =>
        delivery.attempts.length === 0 ? (
          "None yet"
        ) : (
          <ol className="attempts">
            {delivery.attempts.map((attempt) => (
              <AttemptLine key={attempt.at} attempt={attempt} />
            ))}
          </ol>
        ),
    },
    {
      label: "Next attempt",
      cell: (delivery) => (delivery.nextAttemptAt ? <LocalTime iso={delivery.nextAttemptAt} /> : "—"),
    },
    {
      label: "Actions",
      header: <span className="visually-hidden">Actions</span>,
      // A pending delivery is on its way already.
      cell: (delivery) =>
        delivery.state !== "pending" && (
          <Button
            variant="secondary"
            small
            aria-label={`Send again (${delivery.type})`}
            disabled={redeliver.isPending}
            onClick={() => void sendAgain(delivery)}
          >
            Send again
          </Button>
        ),
    },
  ];

  return (
    <>
      <FailureMessage failure={failure} />
      <QueryTable
        query={deliveries}
        errorTitle="The deliveries could not be read"
        noun={["delivery", "deliveries"]}
        label="Deliveries"
        caption="Deliveries, newest first, each with its attempts oldest first."
        columns={columns}
        rowKey={(delivery) => delivery.id}
      />
    </>
  );
}
