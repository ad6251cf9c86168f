"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { Button, SubmitButton } from "@/components/ui/button";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field } from "@/components/ui/field";
import type { OpenedForm } from "@/components/ui/form-on-demand";
import { NewSecret } from "@/components/ui/new-secret";
import { describeError } from "@/lib/browser/describe-error";
import { setServerFieldErrors } from "@/lib/browser/forms/server-field-errors";
import { useIssueToken } from "@/lib/browser/service-accounts/service-accounts";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { TOKEN_DEFAULT_DAYS, newTokenSchema } from "@/lib/shared/service-account-schemas";
import { FailureMessage } from "@/components/ui/failure-message";

const formSchema = z.object({
  name: newTokenSchema.shape.name,
  expiresInDays: newTokenSchema.shape.expiresInDays,
  environments: z.array(z.string()),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["name", "expiresInDays", "environments"] as const;

type IssueTokenFormProps = OpenedForm & { account: string; environments: readonly CatalogueEnvironment[] };

/** Issues a token for one service account; its secret is shown once, in place of the form, until Done closes both. */
export function IssueTokenForm({ account, environments, titleId, close }: IssueTokenFormProps) {
  const issue = useIssueToken();
  const [issued, setIssued] = useState<{ name: string; secret: string }>();
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: "", expiresInDays: TOKEN_DEFAULT_DAYS, environments: [] },
  });
  const id = (field: string) => `token-${account}-${field}`;

  const submit = handleSubmit(async ({ name, expiresInDays, environments: ticked }) => {
    setFailure(undefined);
    try {
      const { token, secret } = await issue.mutateAsync({
        account,
        name,
        expiresInDays,
        // None ticked: every environment.
        environments: ticked.length > 0 ? (ticked as CatalogueEnvironment[]) : undefined,
      });
      setIssued({ name: token.name, secret });
    } catch (error) {
      if (!setServerFieldErrors(error, FIELDS, setError)) setFailure(describeError(error));
    }
  });

  // Done forgets the secret: this form, with the mutation's copy of the answer, goes.
  if (issued)
    return (
      <NewSecret
        title={`Copy the token “${issued.name}” now`}
        label="The token"
        advice="Keep it in your CI system’s secrets, never in a file in a repository."
        secret={issued.secret}
        onDone={close}
      />
    );
  return (
    <form onSubmit={submit} noValidate className="form stack" aria-labelledby={titleId}>
      <FailureMessage failure={failure} />
      <Field
        id={id("name")}
        label="Token name"
        hint="What uses it, for example the release pipeline."
        error={formState.errors.name?.message}
      >
        {(field) => <input type="text" autoComplete="off" aria-required="true" {...field} {...register("name")} />}
      </Field>
      <Field id={id("days")} label="Expires in (days)" error={formState.errors.expiresInDays?.message}>
        {(field) => (
          <input type="number" min="0" step="any" {...field} {...register("expiresInDays", { valueAsNumber: true })} />
        )}
      </Field>
      {environments.length > 1 && (
        <CheckboxGroup
          id={id("environments")}
          legend="Limit to environments"
          hint="None ticked: every environment."
          error={formState.errors.environments?.message}
          options={environments}
          control={register("environments")}
        />
      )}
      <div className="actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel="Issuing…">
          Issue token
        </SubmitButton>
        <Button variant="secondary" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
