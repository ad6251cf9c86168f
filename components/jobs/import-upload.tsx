"use client";

import { useRouter } from "next/navigation";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Field } from "@/components/ui/field";
import { describeError } from "@/lib/browser/describe-error";
import { useEnvironmentPlace } from "@/lib/browser/environment-place";
import { uploadImportFile } from "@/lib/browser/jobs/imports";
import { inEnvironment } from "@/lib/shared/environment";

export function ImportUpload() {
  const router = useRouter();
  const place = useEnvironmentPlace();
  const [reading, setReading] = useState<string>();
  const [error, setError] = useState<string>();
  const alertRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (error) alertRef.current?.focus();
  }, [error]);

  // Choosing a file starts the preview at once: there is nothing else to decide before it.
  const preview = async (file: File | undefined) => {
    if (!file) return;
    setError(undefined);
    setReading(file.name);
    try {
      const job = await uploadImportFile(file, place);
      router.push(inEnvironment(`/categories/import/${job.id}`, place));
    } catch (caught) {
      setReading(undefined);
      setError(describeError(caught));
    }
  };

  // A file chosen while the page's scripts were still loading fired its change event before React listened.
  const previewEarlyChoice = useEffectEvent(() => {
    const input = inputRef.current;
    const early = input?.files?.[0];
    if (!input || !early) return;
    input.value = "";
    void preview(early);
  });
  useEffect(() => previewEarlyChoice(), []);

  return (
    <div className="stack">
      {error && (
        <Alert title="This file cannot be imported" ref={alertRef}>
          <p>{error}</p>
        </Alert>
      )}
      <Field
        id="import-file"
        label="CSV file"
        hint="A header row names the columns: name (required) and description. Nothing is created before you confirm."
      >
        {(field) => (
          <input
            {...field}
            ref={inputRef}
            type="file"
            accept=".csv,text/csv"
            disabled={reading !== undefined}
            onChange={(event) => {
              void preview(event.target.files?.[0]);
              event.target.value = ""; // the same file can be chosen again after a fix
            }}
          />
        )}
      </Field>
      <p role="status" className="muted">
        {reading ? `Reading ${reading}…` : ""}
      </p>
    </div>
  );
}
