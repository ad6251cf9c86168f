"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useAnnounce } from "@/components/ui/announcer";
import { Button, SubmitButton } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FailureMessage } from "@/components/ui/failure-message";
import type { OpenedForm } from "@/components/ui/form-on-demand";
import { describeError } from "@/lib/browser/describe-error";
import { setServerFieldErrors } from "@/lib/browser/forms/server-field-errors";
import { useAddServiceAccount } from "@/lib/browser/service-accounts/service-accounts";
import { type NewServiceAccount, newServiceAccountSchema } from "@/lib/shared/service-account-schemas";

/** A new service account: a name no person or account has, and its role. Added, the form closes. */
export function AddAccountForm({ titleId, close }: OpenedForm) {
  const add = useAddServiceAccount();
  const announce = useAnnounce();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<NewServiceAccount>({
    resolver: zodResolver(newServiceAccountSchema),
    defaultValues: { username: "", role: "viewer" },
  });

  const submit = handleSubmit(async (account) => {
    setFailure(undefined);
    try {
      const added = await add.mutateAsync(account);
      announce(`Added the service account ${added.username} (${added.role})`);
      close();
    } catch (error) {
      // A name taken or not allowed is said by its field; anything else (the app unreachable) by the form.
      if (!setServerFieldErrors(error, ["username", "role"], setError)) setFailure(describeError(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="form stack" aria-labelledby={titleId}>
      <FailureMessage failure={failure} />
      <Field
        id="account-username"
        label="Name"
        hint="For the script or pipeline, for example nightly-seed. Letters, digits, . _ @ or -."
        error={formState.errors.username?.message}
      >
        {(field) => <input type="text" autoComplete="off" aria-required="true" {...field} {...register("username")} />}
      </Field>
      <Field id="account-role" label="Role" hint="Viewer: reads only. Admin: also creates, imports and promotes.">
        {(field) => (
          <select {...field} {...register("role")}>
            <option value="viewer">Viewer</option>
            <option value="admin">Admin</option>
          </select>
        )}
      </Field>
      <div className="actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Adding…">
          Add service account
        </SubmitButton>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
