import type { FieldErrors, UseFormRegister } from "react-hook-form";
import * as z from "zod/mini";
import { CheckboxGroup } from "@/components/ui/checkbox-group";
import { Field } from "@/components/ui/field";
import { CATALOGUE_ENVIRONMENTS, type CatalogueEnvironment } from "@/lib/shared/environment";
import { WEBHOOK_EVENT_TYPES, type Webhook, newWebhookSchema } from "@/lib/shared/webhook-schemas";

/** The API's rules for an endpoint, with the environments as the boxes give them: a list, empty for all. */
export const webhookFormSchema = z.object({
  ...newWebhookSchema.shape,
  environments: z.array(z.enum(CATALOGUE_ENVIRONMENTS)),
});
export type WebhookFormInput = z.input<typeof webhookFormSchema>;
export type WebhookFormOutput = z.output<typeof webhookFormSchema>;
/** The fields a 400's `fields` may name. */
export const WEBHOOK_FIELDS = ["name", "url", "format", "events", "environments"] as const;

const only = <Value extends string>(values: readonly string[], allowed: readonly Value[]): Value[] =>
  values.filter((value): value is Value => (allowed as readonly string[]).includes(value));

/** An endpoint as the form shows it; an event type or environment this app no longer knows is left unticked. */
export const webhookFormValues = (webhook: Webhook): WebhookFormInput => ({
  name: webhook.name,
  url: webhook.url,
  format: webhook.format,
  events: only(webhook.events, WEBHOOK_EVENT_TYPES),
  environments: only(webhook.environments ?? [], CATALOGUE_ENVIRONMENTS),
});

/** None ticked: every environment's events (null). */
export const chosenEnvironments = (ticked: CatalogueEnvironment[]) => (ticked.length > 0 ? ticked : null);

const FORMATS = [
  ["standard", "Standard Webhooks (signed JSON)"],
  ["slack", "Slack"],
  ["teams", "Microsoft Teams"],
] as const;

type WebhookFieldsProps = {
  /** The start of every field's id. */
  id: string;
  register: UseFormRegister<WebhookFormInput>;
  errors: FieldErrors<WebhookFormInput>;
  /** The environments configured: with more than one, the boxes that limit the endpoint to some. */
  environments: readonly CatalogueEnvironment[];
  /** The format is chosen when the endpoint is added; it cannot change. */
  withFormat: boolean;
};

/** An endpoint's name, URL, format, events and environments: the add form's and the change form's fields. */
export function WebhookFields({ id, register, errors, environments, withFormat }: WebhookFieldsProps) {
  return (
    <>
      <Field id={`${id}-name`} label="Name" hint="For example Ops channel." error={errors.name?.message}>
        {(field) => <input type="text" autoComplete="off" aria-required="true" {...field} {...register("name")} />}
      </Field>
      <Field
        id={`${id}-url`}
        label="URL"
        hint="Where the app sends each event: the receiver's address, or the Slack or Teams webhook's."
        error={errors.url?.message}
      >
        {(field) => <input type="url" autoComplete="off" aria-required="true" {...field} {...register("url")} />}
      </Field>
      {withFormat && (
        <Field id={`${id}-format`} label="Format" error={errors.format?.message}>
          {(field) => (
            <select {...field} {...register("format")}>
              {FORMATS.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <CheckboxGroup
        id={`${id}-events`}
        legend="Events"
        hint="audit.recorded sends every History entry."
        error={errors.events?.message}
        options={WEBHOOK_EVENT_TYPES}
        control={register("events")}
      />
      {environments.length > 1 && (
        <CheckboxGroup
          id={`${id}-environments`}
          legend="Limit to environments"
          hint="None ticked: every environment's events."
          error={errors.environments?.message}
          options={environments}
          control={register("environments")}
        />
      )}
    </>
  );
}
