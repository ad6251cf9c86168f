import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type * as z from "zod/mini";
import { AppError } from "@/lib/errors/app-error";
import { parseExactJson } from "./exact-json";
import { type Category, type NewCategory, categoryListSchema, categorySchema, errorBodySchema } from "./schemas";

const ENDPOINT = "/api/categories";

/** Reads one of our /api responses: the success schema, or the Error body as an AppError. */
async function readResponse<T extends z.ZodMiniType>(response: Response, schema: T): Promise<z.output<T>> {
  let body: unknown;
  try {
    body = parseExactJson(await response.text());
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const error = errorBodySchema.safeParse(body);
    if (error.success) throw new AppError(error.data.status, error.data.code, error.data.message, error.data.fields);
    throw new AppError(response.status, "unexpected_response", `The admin app answered with HTTP ${response.status}.`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new AppError(response.status, "unexpected_response", "The admin app sent a reply this page cannot read.");
  return parsed.data;
}

async function send(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, { ...init, headers: { accept: "application/json", ...init.headers } });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new AppError(0, "network_error", "The admin app could not be reached. Check your connection.", undefined, { cause: error });
  }
}

export async function fetchCategories(signal?: AbortSignal): Promise<Category[]> {
  return readResponse(await send(ENDPOINT, { signal }), categoryListSchema);
}

export async function createCategory(input: NewCategory): Promise<Category> {
  const response = await send(ENDPOINT, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  });
  return readResponse(response, categorySchema);
}

export const categoriesQueryOptions = queryOptions({
  queryKey: ["categories"],
  queryFn: ({ signal }) => fetchCategories(signal),
});

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}

/** Creates a category; the new one is in the cached list at once, and the list is refetched behind it. */
export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: (created) => {
      queryClient.setQueryData(categoriesQueryOptions.queryKey, (list) =>
        list && !list.some((category) => category.id === created.id) ? [...list, created] : list,
      );
      // Not awaited: the new row is already in the cache, and a slow list must not hold up the form.
      void queryClient.invalidateQueries({ queryKey: categoriesQueryOptions.queryKey });
    },
  });
}
