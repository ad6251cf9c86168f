import type { UseFormRegisterReturn } from "react-hook-form";

type CheckboxGroupProps = {
  /** The start of every id in the group. */
  id: string;
  legend: string;
  hint?: string;
  error?: string;
  /** The values, each its own label. */
  options: readonly string[];
  /** register(name) of a field whose value is the list of ticked values: every box shares it. */
  control: UseFormRegisterReturn;
};

/** A fieldset of checkboxes for one list field, with its hint and its error, as Field has for one control. */
export function CheckboxGroup({ id, legend, hint, error, options, control }: CheckboxGroupProps) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <fieldset className={error ? "choices field-invalid" : "choices"} aria-describedby={describedBy || undefined}>
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      )}
      {options.map((option) => (
        <div key={option} className="field checkbox-field">
          <input id={`${id}-${option}`} type="checkbox" value={option} {...control} />
          <label htmlFor={`${id}-${option}`}>{option}</label>
        </div>
      ))}
    </fieldset>
  );
}
