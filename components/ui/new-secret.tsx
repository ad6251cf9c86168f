"use client";

import { useCallback, useState } from "react";
import { Button } from "./button";

type NewSecretProps = {
  /** The heading: "Copy the token “…” now". */
  title: string;
  /** What the field is, for screen readers: "The token". */
  label: string;
  /** Where to keep it, after "It will not be shown again." */
  advice: string;
  secret: string;
  onDone: () => void;
};

/**
 * A secret shown this once (a token's, a webhook's): the server keeps only its hash or keeps it sealed, so it can never
 * be shown again. Done is where the page forgets it. It takes the focus when it appears, in place of what made it.
 */
export function NewSecret({ title, label, advice, secret, onDone }: NewSecretProps) {
  const [copied, setCopied] = useState<boolean>();
  const focus = useCallback((element: HTMLDivElement | null) => element?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div role="region" aria-labelledby="new-secret-title" className="notice stack" tabIndex={-1} ref={focus}>
      <h3 id="new-secret-title" className="alert-title">
        {title}
      </h3>
      <p id="new-secret-hint">It will not be shown again. {advice}</p>
      <label htmlFor="new-secret-value" className="visually-hidden">
        {label}
      </label>
      <input
        id="new-secret-value"
        className="secret"
        type="text"
        readOnly
        value={secret}
        aria-describedby="new-secret-hint"
        onFocus={(event) => event.currentTarget.select()}
      />
      <p role="status" className="hint">
        {copied === true ? "Copied." : copied === false ? "Could not copy: select it and copy it." : ""}
      </p>
      <div className="actions">
        <Button onClick={() => void copy()}>Copy</Button>
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
