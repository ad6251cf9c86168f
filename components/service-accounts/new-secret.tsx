"use client";

import { type Ref, useState } from "react";
import { Button } from "@/components/ui/button";

type NewSecretProps = { name: string; secret: string; onDone: () => void; ref?: Ref<HTMLDivElement> };

/** A token's secret, shown this once: the server keeps only its hash, so it can never be shown again. */
export function NewSecret({ name, secret, onDone, ref }: NewSecretProps) {
  const [copied, setCopied] = useState<boolean>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div role="region" aria-labelledby="new-secret-title" className="notice stack" tabIndex={-1} ref={ref}>
      <h3 id="new-secret-title" className="alert-title">
        Copy the token “{name}” now
      </h3>
      <p id="new-secret-hint">
        It will not be shown again. Keep it in your CI system’s secrets, never in a file in a repository.
      </p>
      <label htmlFor="new-secret-value" className="visually-hidden">
        The token
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
        {copied === true ? "Copied." : copied === false ? "Could not copy: select the token and copy it." : ""}
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
