"use client";

import { type ReactNode, useCallback, useState } from "react";
import { Button } from "./button";

/** What a form on demand is given: its heading's id, to name it, and what closes it (Cancel, a save, Done). */
export type OpenedForm = { titleId: string; close: () => void };

type FormOnDemandProps = {
  /** The start of its ids. */
  id: string;
  /** The button's words, and the form's heading once it is open: "Add an endpoint". */
  label: string;
  /** The heading's level where the form opens. */
  level?: 2 | 3;
  children: (form: OpenedForm) => ReactNode;
};

const focus = (element: HTMLElement | null) => element?.focus();

/**
 * A form that most visits never use, behind a button that opens it in its place. The form is loaded with next/dynamic
 * (the caller's), so a page does not ship react-hook-form before someone asks for a form. On opening, the heading takes
 * the focus at once, whether or not the form has arrived (Tab then reaches its first field); on closing, the button
 * comes back focused.
 */
export function FormOnDemand({ id, label, level = 2, children }: FormOnDemandProps) {
  const [open, setOpen] = useState(false);
  const [closedOnce, setClosedOnce] = useState(false);
  const close = useCallback(() => {
    setOpen(false);
    setClosedOnce(true);
  }, []);
  const Heading = level === 3 ? "h3" : "h2";

  if (!open)
    return (
      <div className="actions">
        <Button variant="secondary" ref={closedOnce ? focus : undefined} onClick={() => setOpen(true)}>
          {label}
        </Button>
      </div>
    );
  return (
    <section className="stack" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`} tabIndex={-1} ref={focus}>
        {label}
      </Heading>
      {children({ titleId: `${id}-title`, close })}
    </section>
  );
}

/** What next/dynamic shows while a form on demand is loaded. */
export function FormLoading() {
  return <p role="status">Loading the form…</p>;
}
