"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type BaseSyntheticEvent, useCallback, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { WaitingForApproval } from "@/components/requests/waiting-for-approval";
import { useAnnounce } from "@/components/ui/announcer";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { useSessionEnded } from "@/lib/browser/auth/session-ended";
import {
  readCategoriesNow,
  showJustCreated,
  useCategories,
  useCreateCategory,
} from "@/lib/browser/categories/categories";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { useConfirmLeave } from "@/lib/browser/forms/use-confirm-leave";
import { useSessionDraft } from "@/lib/browser/forms/use-session-draft";
import { AppError } from "@/lib/shared/app-error";
import { inEnvironment } from "@/lib/shared/environment";
import { sameNameIndex } from "@/lib/shared/same-name";
import { type NewCategory, type NewCategoryInput, newCategorySchema } from "@/lib/shared/schemas";
import { CreateFailure, type CreateFailureState, explainCreateFailure } from "./create-failure";

const FIELDS = ["name", "description"] as const;
const EMPTY: NewCategoryInput = { name: "", description: "" };
const LEAVE_MESSAGE = "Leave this page? The category you started has not been created.";

export function CategoryForm({ username }: { username: string }) {
  const router = useRouter();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const sessionEnded = useSessionEnded();
  const place = useEnvironmentPlace();
  const { data: categories, refetch: refetchCategories } = useCategories();
  const create = useCreateCategory();
  // The ids present when the form was opened, plus those it created: anything else with the same name that appears
  // after an unclear failure was probably ours.
  const [knownIds, setKnownIds] = useState<ReadonlySet<string>>();
  if (categories && !knownIds) setKnownIds(new Set(categories.map((category) => category.id)));
  const [failure, setFailure] = useState<CreateFailureState | null>(null);
  const [waiting, setWaiting] = useState<{ requestId: string; name: string }>();
  const [leaving, setLeaving] = useState(false);
  const focusAlert = useCallback((alert: HTMLDivElement | null) => alert?.focus(), []);
  const form = useForm<NewCategoryInput, unknown, NewCategory>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, setError, reset, formState } = form;
  // Per person and environment: whoever signs in next on this tab never inherits someone else's draft, and a draft
  // started for staging never turns up in production's form.
  const forgetDraft = useSessionDraft(`new-category-draft:${place.environment}:${username}`, form);
  useConfirmLeave(formState.isDirty && !leaving && !sessionEnded, LEAVE_MESSAGE);

  const findSameName = useMemo(() => sameNameIndex(categories ?? []), [categories]);
  const typedName = useWatch({ control: form.control, name: "name" }) ?? "";
  const sameName = findSameName(typedName);

  const onSubmit = handleSubmit(async ({ name, description }, event?: BaseSyntheticEvent) => {
    const addAnother =
      ((event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLElement | null)?.dataset.intent === "another";
    setFailure(null);
    setWaiting(undefined);
    try {
      const category = await create.mutateAsync(description ? { name, description } : { name });
      if ("requestId" in category) {
        forgetDraft();
        reset(EMPTY);
        return setWaiting({ requestId: category.requestId, name });
      }
      setKnownIds((ids) => ids && new Set(ids).add(category.id));
      forgetDraft();
      if (addAnother) {
        void refetchCategories();
        reset(EMPTY);
        // The element itself: RHF's setFocus does not work until the reset form has registered its fields again.
        document.getElementById("category-name")?.focus();
        announce(`Created ${category.name} (ID ${category.id}). Add the next one.`);
        return;
      }
      setLeaving(true);
      showJustCreated(queryClient, place.environment, category.id);
      announce(`Created ${category.name} (ID ${category.id})`);
      router.push(inEnvironment("/categories", place));
    } catch (error) {
      const fieldErrors = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fieldErrors?.[field]);
      if (known.length === 0) {
        return setFailure(
          await explainCreateFailure(error, { name, description }, knownIds, () =>
            readCategoriesNow(queryClient, place),
          ),
        );
      }
      known.forEach((field, index) =>
        setError(field, { type: "server", message: fieldErrors?.[field] }, { shouldFocus: index === 0 }),
      );
    }
  });

  const busy = formState.isSubmitting || leaving;
  return (
    <form onSubmit={onSubmit} noValidate className="form stack">
      {failure && <CreateFailure {...failure} ref={focusAlert} />}
      {waiting && (
        <WaitingForApproval requestId={waiting.requestId} ref={focusAlert}>
          Creating “{waiting.name}” in {place.environment} is a request now.
        </WaitingForApproval>
      )}
      <Field
        id="category-name"
        label="Name"
        hint="For example a species or breed: dog, siamese cat."
        error={formState.errors.name?.message}
      >
        {(field) => (
          <>
            <input
              type="text"
              autoComplete="off"
              aria-required="true"
              {...field}
              aria-describedby={[field["aria-describedby"], "category-name-same"].filter(Boolean).join(" ")}
              {...register("name")}
            />
            {/* Always in the page, so screen readers hear the hint appear; a hint only, creating stays allowed. */}
            <p id="category-name-same" className="hint duplicate-hint" aria-live="polite">
              {sameName.length > 0 && sameNameHint(sameName)}
            </p>
          </>
        )}
      </Field>
      <Field
        id="category-description"
        label="Description"
        hint="Optional."
        error={formState.errors.description?.message}
      >
        {(field) => <textarea rows={3} {...field} {...register("description")} />}
      </Field>
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create category"}
        </Button>
        <Button type="submit" variant="secondary" data-intent="another" disabled={busy}>
          Create and add another
        </Button>
        <Link href={inEnvironment("/categories", place)} onClick={forgetDraft}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

function sameNameHint(sameName: readonly { id: string; name: string }[]): string {
  const ids = sameName.map((category) => category.id).join(", ");
  return `${sameName[0]?.name.trim()} already exists (${sameName.length === 1 ? "ID" : "IDs"} ${ids})`;
}
