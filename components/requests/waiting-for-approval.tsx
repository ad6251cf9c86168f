import Link from "next/link";
import type { ReactNode, Ref } from "react";
import { requestPagePath } from "@/lib/browser/requests/waiting-request";

type Props = { requestId: string; children: ReactNode; ref?: Ref<HTMLDivElement> };

/**
 * What a page says when an admin's change became a request (a 202): nothing ran yet. It takes the focus as an alert
 * does, since the button that sent the change is gone or means something else now.
 */
export function WaitingForApproval({ requestId, children, ref }: Props) {
  return (
    <div className="notice" tabIndex={-1} ref={ref}>
      <h2>Waiting for approval</h2>
      <p>
        {children} Another admin must approve it before it runs.{" "}
        <Link href={requestPagePath(requestId)}>View the request</Link>
      </p>
    </div>
  );
}
