import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose code (zod and the schema) is fetched after the page has loaded instead of in its
 * first-load JavaScript. `preload` starts the fetch early, so the first validation rarely waits for it. If the code
 * cannot be fetched (a network blip), the values go through unchecked: the server checks them with the same schema
 * and its per-field messages are shown just the same.
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
    resolver: async (values, context, options) => {
      const resolve = await get().catch(() => undefined);
      return resolve ? resolve(values, context, options) : { values: values as unknown as Output, errors: {} };
    },
    preload: () => void get().catch(() => {}),
  };
}
