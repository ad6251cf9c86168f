import { useCallback, useEffect } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";

// In this tab's sessionStorage, so a trip to sign-in (session ended mid-work) or a reload loses nothing typed.
export function useSessionDraft<T extends FieldValues>(
  key: string,
  { watch, reset }: Pick<UseFormReturn<T>, "watch" | "reset">,
) {
  useEffect(() => {
    const saved = sessionStorage.getItem(key);
    if (saved) {
      try {
        reset(JSON.parse(saved) as T, { keepDefaultValues: true });
      } catch {
        sessionStorage.removeItem(key);
      }
    }
    const subscription = watch((values) => sessionStorage.setItem(key, JSON.stringify(values)));
    return () => subscription.unsubscribe();
  }, [key, watch, reset]);

  return useCallback(() => sessionStorage.removeItem(key), [key]);
}
