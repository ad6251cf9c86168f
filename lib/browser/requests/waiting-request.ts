/**
 * The request a change became (a 202 with `Location: /api/requests/<id>`), or undefined when it ran. Read from the
 * header alone, so the create form ships no schema for it.
 */
export function waitingRequestId(response: Response): string | undefined {
  if (response.status !== 202) return undefined;
  const match = /^\/api\/requests\/([^/?#]+)$/.exec(response.headers.get("location") ?? "");
  return match?.[1] && decodeURIComponent(match[1]);
}

/** The page of a request that waits for approval. */
export const requestPagePath = (id: string) => `/requests/${encodeURIComponent(id)}`;
