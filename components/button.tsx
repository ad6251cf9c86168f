import Link from "next/link";
import type { ComponentProps } from "react";

/** Primary unless told otherwise; `small` for the header's compact buttons. */
type Look = { variant?: "primary" | "secondary"; small?: boolean };

function buttonClass({ variant, small }: Look, className?: string): string {
  return ["button", variant === "secondary" && "button-secondary", small && "button-small", className].filter(Boolean).join(" ");
}

/** A <button> in the app's style. type="button" unless told otherwise, so it never submits a form by accident. */
export function Button({ variant, small, className, type = "button", ...props }: ComponentProps<"button"> & Look) {
  return <button type={type} className={buttonClass({ variant, small }, className)} {...props} />;
}

/** A link that looks like a button: for navigation ("New category"), where a <button> would be the wrong element. */
export function ButtonLink({ variant, small, className, ...props }: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClass({ variant, small }, className)} {...props} />;
}
