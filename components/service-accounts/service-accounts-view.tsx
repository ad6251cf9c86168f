"use client";

import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { FormLoading, FormOnDemand } from "@/components/ui/form-on-demand";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { useServiceAccounts, useTokens } from "@/lib/browser/service-accounts/service-accounts";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { count } from "@/lib/shared/plural";
import { AccountSection } from "./account-section";
import { RemoveAccountDialog } from "./remove-account-dialog";

const AddAccountForm = dynamic(() => import("./add-account-form").then((module) => module.AddAccountForm), {
  loading: FormLoading,
});

/** Every service account with its tokens, and the forms that add one and issue tokens, loaded when opened. */
export function ServiceAccountsView({ environments }: { environments: readonly CatalogueEnvironment[] }) {
  const accounts = useServiceAccounts();
  const tokens = useTokens();
  const [removing, setRemoving] = useState<{ username: string; button: HTMLButtonElement | null }>();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const error = accounts.error ?? tokens.error;

  if (error && !(accounts.data && tokens.data))
    return (
      <LoadErrorAlert
        title="The service accounts could not be read"
        error={error}
        onRetry={() => void Promise.all([accounts.refetch(), tokens.refetch()])}
      />
    );
  const tokensOf = (username: string) => (tokens.data ?? []).filter((token) => token.account === username);
  return (
    <>
      <FormOnDemand id="add-account" label="Add a service account">
        {(form) => <AddAccountForm {...form} />}
      </FormOnDemand>
      <h2 ref={listHeading} tabIndex={-1}>
        Service accounts
      </h2>
      <p role="status" className="count">
        {accounts.data ? count(accounts.data.length, "service account", "service accounts") : "Loading…"}
      </p>
      {accounts.data &&
        tokens.data &&
        accounts.data.map((account) => (
          <AccountSection
            key={account.username}
            account={account}
            tokens={tokensOf(account.username)}
            environments={environments}
            onRemove={(button) => setRemoving({ username: account.username, button })}
          />
        ))}
      {removing && (
        <RemoveAccountDialog
          username={removing.username}
          tokens={tokensOf(removing.username).length}
          onClose={() => {
            // Back to its Remove button when it stayed; to the list when the account went.
            if (removing.button?.isConnected) removing.button.focus();
            else listHeading.current?.focus();
            setRemoving(undefined);
          }}
        />
      )}
    </>
  );
}
