"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button, SubmitButton } from "@/components/ui/button";
import { describeError } from "@/lib/browser/describe-error";
import { setServerFieldErrors } from "@/lib/browser/forms/server-field-errors";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import type { NewWebhook } from "@/lib/shared/webhook-schemas";
import {
  WEBHOOK_FIELDS,
  type WebhookFormInput,
  type WebhookFormOutput,
  WebhookFields,
  chosenEnvironments,
  webhookFormSchema,
} from "./webhook-fields";
import { FailureMessage } from "@/components/ui/failure-message";

type WebhookFormProps = {
  /** The start of the fields' ids. */
  id: string;
  /** The id of the heading that names the form. */
  titleId: string;
  submitLabel: string;
  busyLabel: string;
  defaultValues: WebhookFormInput;
  environments: readonly CatalogueEnvironment[];
  /** The format is chosen when the endpoint is added; it cannot change. */
  withFormat: boolean;
  /** Sends the endpoint; a failure is shown by its field, or above the fields. */
  save: (webhook: NewWebhook) => Promise<void>;
  onCancel: () => void;
};

/**
 * An endpoint's form, for adding one and for changing one: the shared schema's checks, then the server's, each by its
 * field (a URL the app may not reach, url_not_allowed, by the URL), and any other failure above the fields.
 */
export function WebhookForm(props: WebhookFormProps) {
  const { id, titleId, submitLabel, busyLabel, defaultValues, save, onCancel, ...fields } = props;
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, setError, formState } = useForm<WebhookFormInput, unknown, WebhookFormOutput>({
    resolver: zodResolver(webhookFormSchema),
    defaultValues,
  });

  const submit = handleSubmit(async ({ environments: ticked, ...webhook }) => {
    setFailure(undefined);
    try {
      await save({ ...webhook, environments: chosenEnvironments(ticked) });
    } catch (error) {
      if (!setServerFieldErrors(error, WEBHOOK_FIELDS, setError)) setFailure(describeError(error));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="form stack" aria-labelledby={titleId}>
      <FailureMessage failure={failure} />
      <WebhookFields id={id} register={register} errors={formState.errors} {...fields} />
      <div className="actions">
        <SubmitButton busy={formState.isSubmitting} busyLabel={busyLabel}>
          {submitLabel}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
