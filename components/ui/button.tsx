"use client";

import Link from "next/link";
import type { ComponentProps, ReactNode } from "react";
import { useMounted } from "@/lib/browser/use-mounted";

type Look = { variant?: "primary" | "secondary"; small?: boolean };

function buttonClass({ variant, small }: Look, className?: string): string {
  return ["button", variant === "secondary" && "button-secondary", small && "button-small", className]
    .filter(Boolean)
    .join(" ");
}

type ButtonProps = ComponentProps<"button"> & Look & { worksWithoutScripts?: boolean };

// type="button" unless told otherwise, so it never submits a form by accident. Until the page's scripts run, a button
// that needs them is disabled: a click would be lost, and Enter in a field would submit the form the browser's way,
// putting what was typed (a password) in the URL.
export function Button({
  variant,
  small,
  className,
  type = "button",
  worksWithoutScripts = false,
  disabled,
  ...props
}: ButtonProps) {
  const hydrated = useMounted();
  return (
    <button
      type={type}
      className={buttonClass({ variant, small }, className)}
      disabled={disabled || !(hydrated || worksWithoutScripts)}
      {...props}
    />
  );
}

/** A form's submit button, disabled and saying so (busyLabel, "Adding…") while the form's answer is awaited. */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

export function ButtonLink({ variant, small, className, ...props }: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClass({ variant, small }, className)} {...props} />;
}
