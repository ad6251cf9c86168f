"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useQueryClient } from "@tanstack/react-query";
import { createCategory, refetchCategories, rememberCreated } from "@/lib/categories/api";
import { useCategoryList } from "@/lib/categories/use-category-list";
import { createOutcomeUnknown } from "@/lib/categories/create-outcome";
import type { NewCategory, NewCategoryInput } from "@/lib/categories/schemas";
import { signInAgainIfSessionEnded } from "@/lib/auth/sign-in-again";
import { AppError } from "@/lib/errors/app-error";
import { lazyResolver } from "@/lib/forms/lazy-resolver";
import { useSessionDraft } from "@/lib/forms/use-session-draft";
import { useAnnounce } from "./announcer";
import { CreateFailure, type CreateFailureState } from "./create-failure";
import { Field } from "./field";

const FIELDS = ["name", "description"] as const;

// zod and the shared schema load just after the page, outside its first-load budget.
const validation = lazyResolver<NewCategoryInput, unknown, NewCategory>(async () => {
  const [{ zodResolver }, { newCategorySchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/lib/categories/schemas"),
  ]);
  return zodResolver(newCategorySchema);
});

export function CategoryForm({ username }: { username: string }) {
  const router = useRouter();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const { data: categories } = useCategoryList();
  // The ids present when the form was opened: anything new with the same name after an unclear failure was probably ours.
  const [idsAtOpen, setIdsAtOpen] = useState<ReadonlySet<string>>();
  if (categories && !idsAtOpen) setIdsAtOpen(new Set(categories.map((category) => category.id)));
  const [failure, setFailure] = useState<CreateFailureState | null>(null);
  const [created, setCreated] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<NewCategoryInput, unknown, NewCategory>({
    resolver: validation.resolver,
    defaultValues: { name: "", description: "" },
  });
  const { register, handleSubmit, setError, formState } = form;
  // Per person: after a session ends, whoever signs in next on this tab never inherits someone else's draft.
  const forgetDraft = useSessionDraft(`new-category-draft:${username}`, form);

  useEffect(() => validation.preload(), []);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async ({ name, description }) => {
    setFailure(null);
    try {
      const category = await createCategory(description ? { name, description } : { name });
      rememberCreated(queryClient, category);
      setCreated(true);
      forgetDraft();
      announce(`Created ${category.name}`);
      router.push("/categories");
    } catch (error) {
      signInAgainIfSessionEnded(error);
      const fieldErrors = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fieldErrors?.[field]);
      if (known.length === 0) {
        if (!createOutcomeUnknown(error)) return setFailure({ error, name, outcomeUnknown: false });
        const now = await refetchCategories(queryClient);
        const probablyCreated = now?.find(
          (category) =>
            category.name === name && (category.description ?? "") === (description ?? "") && !idsAtOpen?.has(category.id),
        );
        return setFailure({ error, name, outcomeUnknown: true, probablyCreated });
      }
      known.forEach((field, index) =>
        setError(field, { type: "server", message: fieldErrors?.[field] }, { shouldFocus: index === 0 }),
      );
    }
  });

  const busy = formState.isSubmitting || created;
  return (
    <form onSubmit={onSubmit} noValidate className="form stack">
      {failure && <CreateFailure {...failure} ref={alertRef} />}
      <Field
        id="category-name"
        label="Name"
        hint="For example a species or breed: dog, siamese cat."
        error={formState.errors.name?.message}
      >
        {(control) => <input type="text" autoComplete="off" aria-required="true" {...control} {...register("name")} />}
      </Field>
      <Field id="category-description" label="Description" hint="Optional." error={formState.errors.description?.message}>
        {(control) => <textarea rows={3} {...control} {...register("description")} />}
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Creating…" : "Create category"}
        </button>
        <Link href="/categories" onClick={forgetDraft}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
