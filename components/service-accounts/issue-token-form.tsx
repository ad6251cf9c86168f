"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useCallback, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "zod/mini";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { describeError } from "@/lib/browser/describe-error";
import { useIssueToken } from "@/lib/browser/service-accounts/service-accounts";
import { AppError } from "@/lib/shared/app-error";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import { TOKEN_DEFAULT_DAYS, newTokenSchema } from "@/lib/shared/service-account-schemas";
import { NewSecret } from "./new-secret";

const formSchema = z.object({
  name: newTokenSchema.shape.name,
  expiresInDays: newTokenSchema.shape.expiresInDays,
  environments: z.array(z.string()),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["name", "expiresInDays", "environments"] as const;

type IssueTokenFormProps = { account: string; environments: readonly CatalogueEnvironment[] };

/** Issues a token for one service account; its secret is shown once, above the form, until Done. */
export function IssueTokenForm({ account, environments }: IssueTokenFormProps) {
  const issue = useIssueToken();
  const [issued, setIssued] = useState<{ name: string; secret: string }>();
  const [failure, setFailure] = useState<string>();
  const focus = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const { register, handleSubmit, setError, reset, formState } = useForm<FormInput, unknown, FormOutput>({
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
      reset();
      setIssued({ name: token.name, secret });
    } catch (error) {
      const fields = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fields?.[field]);
      if (known.length === 0) return setFailure(describeError(error));
      known.forEach((field, index) =>
        setError(field, { type: "server", message: fields?.[field] }, { shouldFocus: index === 0 }),
      );
    }
  });

  // Done forgets the secret: the mutation's copy of the answer too.
  const done = () => {
    setIssued(undefined);
    issue.reset();
  };
  if (issued) return <NewSecret {...issued} ref={focus} onDone={done} />;
  return (
    <form onSubmit={submit} noValidate className="form stack" aria-label={`Issue a token for ${account}`}>
      {failure && (
        <p role="alert" className="field-error">
          {failure}
        </p>
      )}
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
        <fieldset className="choices" aria-describedby={id("environments-hint")}>
          <legend>Limit to environments</legend>
          <p id={id("environments-hint")} className="hint">
            None ticked: every environment.
          </p>
          {environments.map((environment) => (
            <div key={environment} className="field checkbox-field">
              <input id={id(environment)} type="checkbox" value={environment} {...register("environments")} />
              <label htmlFor={id(environment)}>{environment}</label>
            </div>
          ))}
        </fieldset>
      )}
      <div className="actions">
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? "Issuing…" : "Issue token"}
        </Button>
      </div>
    </form>
  );
}
