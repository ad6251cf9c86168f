import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { readApiResponse, sendApiJson, sendApiRequest } from "@/lib/browser/api-client";
import {
  type NewServiceAccount,
  type NewToken,
  issuedTokenSchema,
  serviceAccountListSchema,
  serviceAccountSchema,
  tokenListSchema,
} from "@/lib/shared/service-account-schemas";

const ACCOUNTS = "/api/service-accounts";
const TOKENS = "/api/tokens";
const key = ["service-accounts"] as const;

const accountsQuery = queryOptions({
  queryKey: [...key, "accounts"],
  queryFn: async ({ signal }) =>
    (await readApiResponse(await sendApiRequest(ACCOUNTS, { signal }), serviceAccountListSchema)).serviceAccounts,
});

const tokensQuery = queryOptions({
  queryKey: [...key, "tokens"],
  queryFn: async ({ signal }) =>
    (await readApiResponse(await sendApiRequest(TOKENS, { signal }), tokenListSchema)).tokens,
});

export const useServiceAccounts = () => useQuery(accountsQuery);
export const useTokens = () => useQuery(tokensQuery);

// Every change reads both lists again: removing an account revokes its tokens.
function useAccountsMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

const accountPath = (username: string) => `${ACCOUNTS}/${encodeURIComponent(username)}`;

export const useAddServiceAccount = () =>
  useAccountsMutation(async (account: NewServiceAccount) =>
    readApiResponse(await sendApiJson(ACCOUNTS, account), serviceAccountSchema),
  );

export const useChangeRole = () =>
  useAccountsMutation(async ({ username, role }: NewServiceAccount) =>
    readApiResponse(await sendApiJson(accountPath(username), { role }, "PATCH"), serviceAccountSchema),
  );

export const useRemoveServiceAccount = () =>
  useAccountsMutation(async (username: string) =>
    readApiResponse(await sendApiRequest(accountPath(username), { method: "DELETE" })),
  );

/** The answer holds the secret: the page shows it once and keeps it nowhere else. */
export const useIssueToken = () =>
  useAccountsMutation(async (token: NewToken) => readApiResponse(await sendApiJson(TOKENS, token), issuedTokenSchema));

export const useRevokeToken = () =>
  useAccountsMutation(async (id: string) =>
    readApiResponse(await sendApiRequest(`${TOKENS}/${encodeURIComponent(id)}`, { method: "DELETE" })),
  );
