import Link from "next/link";
import type { ComponentProps } from "react";

type Look = { variant?: "primary" | "secondary"; small?: boolean };

function buttonClass({ variant, small }: Look, className?: string): string {
  return ["button", variant === "secondary" && "button-secondary", small && "button-small", className].filter(Boolean).join(" ");
}

// type="button" unless told otherwise, so it never submits a form by accident.
export function Button({ variant, small, className, type = "button", ...props }: ComponentProps<"button"> & Look) {
  return <button type={type} className={buttonClass({ variant, small }, className)} {...props} />;
}

export function ButtonLink({ variant, small, className, ...props }: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClass({ variant, small }, className)} {...props} />;
}
