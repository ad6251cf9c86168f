import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose code (zod and the schema) is fetched after the page has loaded instead of in its
 * first-load JavaScript. `preload` starts the fetch early, so the first validation rarely waits for it.
 */
export function lazyResolver<Input extends FieldValues, Context, Output extends FieldValues>(
  load: () => Promise<Resolver<Input, Context, Output>>,
): { resolver: Resolver<Input, Context, Output>; preload: () => void } {
  let loading: Promise<Resolver<Input, Context, Output>> | undefined;
  const get = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined; // a failed chunk load (network blip) is tried again on the next validation
      throw error;
    });
    return loading;
  };
  return {
    resolver: async (values, context, options) => (await get())(values, context, options),
    preload: () => void get().catch(() => {}),
  };
}
