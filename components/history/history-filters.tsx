"use client";

import Link from "next/link";
import { type RegisterOptions, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useMounted } from "@/lib/browser/use-mounted";
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from "@/lib/shared/audit-actions";
import type { CatalogueEnvironment } from "@/lib/shared/environment";
import {
  type HistoryView,
  TIME_RANGES,
  type TimeRange,
  type ViewFilters,
  filtersOf,
  hasFilters,
} from "@/lib/shared/history-address";

type HistoryFiltersProps = {
  view: HistoryView;
  environments: CatalogueEnvironment[];
  onApply: (filters: Partial<HistoryView>) => void;
};

const ENVIRONMENT_NAMES: Record<CatalogueEnvironment, string> = { production: "Production", staging: "Staging" };

export function HistoryFilters({ view, environments, onApply }: HistoryFiltersProps) {
  const hydrated = useMounted();
  // `values` follows the URL, so Back and Forward show the filters of the page they land on. Only its first reset, as
  // the page's scripts start, keeps what was typed before them.
  const { register, handleSubmit, control, formState } = useForm<ViewFilters>({
    values: filtersOf(view),
    resetOptions: { keepDirtyValues: !hydrated },
  });
  // The server's HTML shows the filters of its URL, so they read right before the page's scripts run.
  const filter = <Name extends keyof ViewFilters>(name: Name, options?: RegisterOptions<ViewFilters, Name>) => ({
    ...register(name, options),
    defaultValue: view[name],
  });
  const apply = handleSubmit((filters) => onApply({ ...filters, category: view.category }));
  const custom = useWatch({ control, name: "range" }) === "custom";
  const toError = formState.errors.to?.message;
  return (
    // The action makes it a plain GET form until the page's scripts run: Enter works from the first paint.
    <form
      action="/history"
      className="toolbar history-filters"
      role="search"
      aria-label="Filter the history"
      onSubmit={apply}
      noValidate
    >
      <Field id="history-actor" label="Person">
        {(field) => <input {...field} {...filter("actor")} type="text" autoComplete="off" spellCheck={false} />}
      </Field>
      <Field id="history-action" label="Event">
        {(field) => (
          // A choice in a list applies at once; typed text applies with Enter or "Apply".
          <select {...field} {...filter("action", { onChange: () => void apply() })}>
            <option value="">Any event</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {environments.length > 1 && (
        <Field id="history-environment" label="Environment">
          {(field) => (
            <select {...field} {...filter("environment", { onChange: () => void apply() })}>
              <option value="">Any environment</option>
              {environments.map((environment) => (
                <option key={environment} value={environment}>
                  {ENVIRONMENT_NAMES[environment]}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      <Field id="history-range" label="Time">
        {(field) => (
          <select
            {...field}
            {...filter("range", { onChange: (event) => event.target.value !== "custom" && void apply() })}
          >
            {(Object.keys(TIME_RANGES) as TimeRange[]).map((range) => (
              <option key={range} value={range}>
                {TIME_RANGES[range]}
              </option>
            ))}
          </select>
        )}
      </Field>
      {custom && (
        <>
          <Field id="history-from" label="From">
            {(field) => <input {...field} {...filter("from")} type="datetime-local" />}
          </Field>
          <Field id="history-to" label="To" error={toError}>
            {(field) => (
              <input
                {...field}
                {...filter("to", {
                  validate: (to, { from }) => !to || !from || to > from || "Choose a time after “From”.",
                })}
                type="datetime-local"
              />
            )}
          </Field>
        </>
      )}
      <Field id="history-q" label="Category name or id">
        {(field) => <input {...field} {...filter("q")} type="search" autoComplete="off" spellCheck={false} />}
      </Field>
      <div className="toolbar-actions">
        <Button type="submit" variant="secondary" worksWithoutScripts>
          Apply
        </Button>
        {hasFilters(view) && <Link href="/history">Clear filters</Link>}
      </div>
    </form>
  );
}
