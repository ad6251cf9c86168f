"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { type Column, DataTable } from "@/components/ui/data-table";
import { FormLoading, FormOnDemand } from "@/components/ui/form-on-demand";
import { LocalTime } from "@/components/ui/local-time";
import { describeError } from "@/lib/browser/describe-error";
import { useChangeRole } from "@/lib/browser/service-accounts/service-accounts";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { ApiToken, ServiceAccount } from "@/lib/shared/service-account-schemas";
import { RevokeTokenDialog } from "./revoke-token-dialog";
import { FailureMessage } from "@/components/ui/failure-message";

const IssueTokenForm = dynamic(() => import("./issue-token-form").then((module) => module.IssueTokenForm), {
  loading: FormLoading,
});

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
      <FailureMessage failure={failure} />
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
        <DataTable
          label={`Tokens of ${account.username}`}
          caption={`Tokens of ${account.username}, newest first.`}
          columns={tokenColumns(setRevoking)}
          rows={tokens}
          rowKey={(token) => token.id}
        />
      )}
      <FormOnDemand id={`token-${account.username}`} label="Issue a token" level={3}>
        {(form) => <IssueTokenForm account={account.username} environments={environments} {...form} />}
      </FormOnDemand>
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

/** A token's name, the end of its secret, where it may act, when it expires and was last used, and Revoke. */
const tokenColumns = (revoke: (token: ApiToken) => void): Column<ApiToken>[] => [
  { label: "Name", cell: (token) => token.name },
  {
    label: "Ends in",
    cell: (token) => <code>…{token.hint}</code>,
  },
  { label: "Environments", cell: (token) => token.environments?.join(", ") ?? "All" },
  { label: "Expires", cell: (token) => <LocalTime iso={token.expiresAt} /> },
  { label: "Last used", cell: (token) => (token.lastUsedAt ? <LocalTime iso={token.lastUsedAt} /> : "Never") },
  {
    label: "Actions",
    header: <span className="visually-hidden">Actions</span>,
    cell: (token) => (
      <Button variant="secondary" small aria-label={`Revoke ${token.name}`} onClick={() => revoke(token)}>
        Revoke
      </Button>
    ),
  },
];
