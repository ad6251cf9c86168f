"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useCategories, useCreateCategory } from "@/lib/categories/api";
import { createOutcomeUnknown } from "@/lib/categories/create-outcome";
import { type NewCategory, type NewCategoryInput, newCategorySchema } from "@/lib/categories/schemas";
import { AppError } from "@/lib/errors/app-error";
import { useSessionDraft } from "@/lib/forms/use-session-draft";
import { useAnnounce } from "./announcer";
import { CreateFailure, type CreateFailureState } from "./create-failure";
import { Field } from "./field";

const FIELDS = ["name", "description"] as const;

export function CategoryForm({ username }: { username: string }) {
  const router = useRouter();
  const announce = useAnnounce();
  const createCategory = useCreateCategory();
  const categories = useCategories();
  // The ids present when the form was opened: anything new with the same name after an unclear failure was probably ours.
  const [idsAtOpen, setIdsAtOpen] = useState<ReadonlySet<string>>();
  if (categories.data && !idsAtOpen) setIdsAtOpen(new Set(categories.data.map((category) => category.id)));
  const [failure, setFailure] = useState<CreateFailureState | null>(null);
  const [created, setCreated] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const form = useForm<NewCategoryInput, unknown, NewCategory>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: { name: "", description: "" },
  });
  const { register, handleSubmit, setError, formState } = form;
  // Per person: after a session ends, whoever signs in next on this tab never inherits someone else's draft.
  const forgetDraft = useSessionDraft(`new-category-draft:${username}`, form);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);


  const onSubmit = handleSubmit(async ({ name, description }) => {
    setFailure(null);
    try {
      const category = await createCategory.mutateAsync(description ? { name, description } : { name });
      setCreated(true);
      forgetDraft();
      announce(`Created ${category.name}`);
      router.push("/categories");
    } catch (error) {
      const fieldErrors = error instanceof AppError ? error.fields : undefined;
      const known = FIELDS.filter((field) => fieldErrors?.[field]);
      if (known.length === 0) {
        if (!createOutcomeUnknown(error)) return setFailure({ error, name, outcomeUnknown: false });
        const { data: now } = await categories.refetch();
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
