"use client";

import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { ConfirmDialog } from "@/components/ui/dialog";
import { describeError } from "@/lib/browser/describe-error";
import { useRevokeToken } from "@/lib/browser/service-accounts/service-accounts";
import type { ApiToken } from "@/lib/shared/service-account-schemas";

/** The confirmation before a token stops working: whatever still uses it is refused from its next request. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const revoke = useRevokeToken();
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setFailure(undefined);
    try {
      await revoke.mutateAsync(token.id);
      announce(`Revoked the token “${token.name}” of ${token.account}`);
      dialogRef.current?.close();
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <ConfirmDialog
      ref={dialogRef}
      id="revoke-token"
      openOnMount
      title={`Revoke the token “${token.name}”?`}
      text="Whatever uses it is refused from its next request. A revoked token cannot be brought back."
      confirmLabel={revoke.isPending ? "Revoking…" : "Revoke"}
      busy={revoke.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
    </ConfirmDialog>
  );
}
