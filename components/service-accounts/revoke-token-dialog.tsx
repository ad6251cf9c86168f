"use client";

import { ActionDialog } from "@/components/ui/action-dialog";
import { useAnnounce } from "@/components/ui/announcer";
import { useRevokeToken } from "@/lib/browser/service-accounts/service-accounts";
import type { ApiToken } from "@/lib/shared/service-account-schemas";

/** The confirmation before a token stops working: whatever still uses it is refused from its next request. */
export function RevokeTokenDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeToken();
  const announce = useAnnounce();
  return (
    <ActionDialog
      id="revoke-token"
      title={`Revoke the token “${token.name}”?`}
      text="Whatever uses it is refused from its next request. A revoked token cannot be brought back."
      confirmLabel="Revoke"
      busyLabel="Revoking…"
      action={async () => {
        await revoke.mutateAsync(token.id);
        announce(`Revoked the token “${token.name}” of ${token.account}`);
      }}
      onClose={onClose}
    />
  );
}
