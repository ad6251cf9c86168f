"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { type BaseSyntheticEvent, type Ref, Suspense, lazy, useCallback, useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { signInAgainIfSessionEnded } from "@/lib/auth/sign-in-again";
import { createCategory, refetchCategories, rememberCreated } from "@/lib/categories/api";
import { markJustCreated } from "@/lib/categories/just-created";
import { sameNameIndex } from "@/lib/categories/same-name";
import type { NewCategory, NewCategoryInput } from "@/lib/categories/schemas";
import { useCategoryList } from "@/lib/categories/use-category-list";
import { AppError } from "@/lib/errors/app-error";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { useConfirmLeave } from "@/lib/forms/use-confirm-leave";
import { useSessionDraft } from "@/lib/forms/use-session-draft";
import { useAnnounce } from "./announcer";
import { Button } from "./button";
import type { CreateFailureState } from "./create-failure";
import { Field } from "./field";

const FIELDS = ["name", "description"] as const;
const EMPTY: NewCategoryInput = { name: "", description: "" };
const LEAVE_MESSAGE = "Leave this page? The category you started has not been created.";

// zod and the shared schema load just after the page, outside its first-load budget.
const validation = lazyResolver<NewCategoryInput, unknown, NewCategory>(async () => {
  const [{ zodResolver }, { newCategorySchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/categories/schemas"),
  ]);
  return zodResolver(newCategorySchema);
});

// What a failed create means, worked out and in words; needed only after a failure, so it too loads just after the page.
const loadCreateFailure = () => import("./create-failure");
const CreateFailure = lazy(() =>
  loadCreateFailure().then(
    (loaded) => ({ default: loaded.CreateFailure }),
    // Its code could not be fetched (the network is what failed): say only what is sure.
    () => ({ default: CreateFailureUnexplained }),
  ),
);

function CreateFailureUnexplained({ ref }: CreateFailureState & { ref: Ref<HTMLDivElement> }) {
  return (
    <div role="alert" className="alert" tabIndex={-1} ref={ref}>
      <h2 className="alert-title">The create did not go through</h2>
      <p>The app could not be reached. Check the list of categories before you try again.</p>
    </div>
  );
}

export function CategoryForm({ username }: { username: string }) {
  const router = useRouter();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const { data: categories } = useCategoryList();
  // The ids present when the form was opened, plus those it created: anything else with the same name that appears
  // after an unclear failure was probably ours.
  const [knownIds, setKnownIds] = useState<ReadonlySet<string>>();
  if (categories && !knownIds) setKnownIds(new Set(categories.map((category) => category.id)));
  const [failure, setFailure] = useState<CreateFailureState | null>(null);
  const [leaving, setLeaving] = useState(false);
  // A callback ref: the failure's alert takes focus when it appears, even if its code arrives a moment later.
  const focusAlert = useCallback((alert: HTMLDivElement | null) => alert?.focus(), []);
  const form = useForm<NewCategoryInput, unknown, NewCategory>({ resolver: validation.resolver, defaultValues: EMPTY });
  const { register, handleSubmit, setError, reset, formState } = form;
  // Per person: after a session ends, whoever signs in next on this tab never inherits someone else's draft.
  const forgetDraft = useSessionDraft(`new-category-draft:${username}`, form);
  useConfirmLeave(formState.isDirty && !leaving, LEAVE_MESSAGE);

  const findSameName = useMemo(() => sameNameIndex(categories ?? []), [categories]);
  const typedName = useWatch({ control: form.control, name: "name" }) ?? "";
  const sameName = findSameName(typedName);

  useEffect(() => {
    validation.preload();
    void loadCreateFailure().catch(() => {});
  }, []);

  const onSubmit = handleSubmit(async ({ name, description }, event?: BaseSyntheticEvent) => {
    const addAnother = ((event?.nativeEvent as SubmitEvent | undefined)?.submitter as HTMLElement | null)?.dataset.intent === "another";
    setFailure(null);
    try {
      const category = await createCategory(description ? { name, description } : { name });
      rememberCreated(queryClient, category, { refetch: addAnother });
      // Until the list has loaded there is no baseline; the loaded list will hold this one already.
      setKnownIds((ids) => ids && new Set(ids).add(category.id));
      forgetDraft();
      if (addAnother) {
        reset(EMPTY);
        // The element itself: RHF's setFocus does not work until the reset form has registered its fields again.
        document.getElementById("category-name")?.focus();
        announce(`Created ${category.name} (ID ${category.id}). Add the next one.`);
        return;
      }
      setLeaving(true);
      markJustCreated(category.id);
      announce(`Created ${category.name} (ID ${category.id})`);
      router.push("/categories");
    } catch (error) {
      signInAgainIfSessionEnded(error);
      const fieldErrors = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fieldErrors?.[field]);
      if (known.length === 0) {
        // The explanation's code loads after the page; if even that fails, the outcome is honestly unknown.
        const explained = await loadCreateFailure()
          .then(({ explainCreateFailure }) =>
            explainCreateFailure(error, { name, description }, knownIds, () => refetchCategories(queryClient)),
          )
          .catch(() => ({ error, name, outcomeUnknown: true }));
        return setFailure(explained);
      }
      known.forEach((field, index) =>
        setError(field, { type: "server", message: fieldErrors?.[field] }, { shouldFocus: index === 0 }),
      );
    }
  });

  const busy = formState.isSubmitting || leaving;
  return (
    <form onSubmit={onSubmit} noValidate className="form stack">
      {failure && (
        <Suspense>
          <CreateFailure {...failure} ref={focusAlert} />
        </Suspense>
      )}
      <Field id="category-name" label="Name" hint="For example a species or breed: dog, siamese cat." error={formState.errors.name?.message}>
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
              {sameName.length > 0 &&
                `${sameName[0]?.name.trim()} already exists (${sameName.length === 1 ? "ID" : "IDs"} ${sameName.map((category) => category.id).join(", ")})`}
            </p>
          </>
        )}
      </Field>
      <Field id="category-description" label="Description" hint="Optional." error={formState.errors.description?.message}>
        {(field) => <textarea rows={3} {...field} {...register("description")} />}
      </Field>
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Creating…" : "Create category"}
        </Button>
        <Button type="submit" variant="secondary" data-intent="another" disabled={busy}>
          Create and add another
        </Button>
        <Link href="/categories" onClick={forgetDraft}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
