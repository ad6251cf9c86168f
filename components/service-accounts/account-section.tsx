"use client";

import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";
import { describeError } from "@/lib/browser/describe-error";
import { useChangeRole } from "@/lib/browser/service-accounts/service-accounts";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { ApiToken, ServiceAccount } from "@/lib/shared/service-account-schemas";
import { IssueTokenForm } from "./issue-token-form";
import { RevokeTokenDialog } from "./revoke-token-dialog";

type AccountSectionProps = {
  account: ServiceAccount;
  tokens: readonly ApiToken[];
  environments: readonly CatalogueEnvironment[];
  /** Asks to remove the account: the list's dialog, which stays when this section goes. */
  onRemove: (button: HTMLButtonElement | null) => void;
};

const ROLE_WORDS = { viewer: "Viewer", admin: "Admin" } as const;

/** One service account: its role, its tokens, and a form to issue another. */
export function AccountSection({ account, tokens, environments, onRemove }: AccountSectionProps) {
  const changeRole = useChangeRole();
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();
  const [revoking, setRevoking] = useState<ApiToken>();
  const removeButton = useRef<HTMLButtonElement>(null);
  const other = account.role === "admin" ? "viewer" : "admin";
  const headingId = `account-${account.username}`;

  const switchRole = async () => {
    setFailure(undefined);
    try {
      await changeRole.mutateAsync({ username: account.username, role: other });
      announce(`${account.username} is now ${ROLE_WORDS[other].toLowerCase()}`);
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  return (
    <section className="stack card" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {account.username}
      </h2>
      <p className="muted">
        {ROLE_WORDS[account.role]}. Added by {account.createdBy ?? "npm run users"} on{" "}
        <LocalTime iso={account.createdAt} />.
      </p>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
      <div className="actions">
        <Button variant="secondary" small disabled={changeRole.isPending} onClick={() => void switchRole()}>
          Make {ROLE_WORDS[other].toLowerCase()}
        </Button>
        <Button variant="secondary" small ref={removeButton} onClick={() => onRemove(removeButton.current)}>
          Remove
        </Button>
      </div>
      {tokens.length === 0 ? (
        <p>No tokens.</p>
      ) : (
        <div className="table-scroll" role="region" aria-label={`Tokens of ${account.username}`} tabIndex={0}>
          <table className="table">
            <caption className="visually-hidden">Tokens of {account.username}, newest first.</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Ends in</th>
                <th scope="col">Environments</th>
                <th scope="col">Expires</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.map((token) => (
                <tr key={token.id}>
                  <td>{token.name}</td>
                  <td>
                    <code>…{token.hint}</code>
                  </td>
                  <td>{token.environments?.join(", ") ?? "All"}</td>
                  <td>
                    <LocalTime iso={token.expiresAt} />
                  </td>
                  <td>{token.lastUsedAt ? <LocalTime iso={token.lastUsedAt} /> : "Never"}</td>
                  <td>
                    <Button
                      variant="secondary"
                      small
                      aria-label={`Revoke ${token.name}`}
                      onClick={() => setRevoking(token)}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <IssueTokenForm account={account.username} environments={environments} />
      {revoking && (
        <RevokeTokenDialog
          token={revoking}
          onClose={() => {
            setRevoking(undefined);
            document.getElementById(headingId)?.focus();
          }}
        />
      )}
    </section>
  );
}
