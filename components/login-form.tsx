"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { signIn } from "@/lib/auth/auth-api";
import { type Login, loginSchema } from "@/lib/auth/login-schema";
import { Alert } from "./alert";
import { ErrorDetails } from "./error-details";
import { Field } from "./field";

export function LoginForm({ next }: { next: string }) {
  const [failure, setFailure] = useState<unknown>(null);
  const [signedIn, setSignedIn] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, resetField, formState } = useForm<Login>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });

  useEffect(() => {
    if (failure) alertRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async (credentials) => {
    setFailure(null);
    try {
      await signIn(credentials);
      setSignedIn(true);
      // A full load, so no data cached for a previous person survives into this session.
      window.location.assign(next);
    } catch (error) {
      resetField("password");
      setFailure(error);
    }
  });

  const busy = formState.isSubmitting || signedIn;
  return (
    <form onSubmit={onSubmit} noValidate className="form stack">
      {failure !== null && (
        <Alert title="You are not signed in" ref={alertRef}>
          <ErrorDetails error={failure} />
        </Alert>
      )}
      <Field id="login-username" label="Username" error={formState.errors.username?.message}>
        {(control) => <input type="text" autoComplete="username" autoCapitalize="none" spellCheck={false} {...control} {...register("username")} />}
      </Field>
      <Field id="login-password" label="Password" error={formState.errors.password?.message}>
        {(control) => <input type="password" autoComplete="current-password" {...control} {...register("password")} />}
      </Field>
      <div className="actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </div>
    </form>
  );
}
