"use client";

import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorDetails } from "@/components/ui/error-details";
import { Field } from "@/components/ui/field";
import { signIn } from "@/lib/browser/auth/sign-in";
import { AppError } from "@/lib/shared/app-error";

type FieldName = "username" | "password";

// The server checks what was typed (loginSchema) and its per-field messages appear by each input.
export function LoginForm({ next }: { next: string }) {
  const [failure, setFailure] = useState<unknown>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [busy, setBusy] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  useEffect(() => {
    const first = (["username", "password"] as const).find((field) => fieldErrors[field]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name=${first}]`)?.focus();
  }, [fieldErrors]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setFailure(null);
    setFieldErrors({});
    setBusy(true);
    try {
      await signIn({ username: String(data.get("username") ?? ""), password: String(data.get("password") ?? "") });
      // A full load, so no data cached for a previous person survives into this session. Stays busy until it leaves.
      window.location.assign(next);
    } catch (error) {
      setBusy(false);
      if (error instanceof AppError && error.fields && (error.fields.username || error.fields.password)) {
        setFieldErrors({ username: error.fields.username, password: error.fields.password });
        return;
      }
      const password = form.elements.namedItem("password");
      if (password instanceof HTMLInputElement) password.value = "";
      setFailure(error);
    }
  };

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="form stack">
      {failure !== null && (
        <Alert title="You are not signed in" ref={alertRef}>
          <ErrorDetails error={failure} />
        </Alert>
      )}
      <Field id="login-username" label="Username" error={fieldErrors.username}>
        {(control) => (
          <input
            name="username"
            type="text"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...control}
          />
        )}
      </Field>
      <Field id="login-password" label="Password" error={fieldErrors.password}>
        {(control) => <input name="password" type="password" autoComplete="current-password" {...control} />}
      </Field>
      <div className="actions">
        <Button type="submit" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </Button>
      </div>
    </form>
  );
}
