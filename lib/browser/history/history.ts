import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { readApiResponse, sendApiRequest } from "@/lib/browser/api-client";
import { auditPageSchema } from "@/lib/shared/audit-schemas";
import { type HistoryView, auditSearchParams, historyHref } from "@/lib/shared/history-address";

// Keyed by the page's own URL: "Last hour" is resolved when the page is read, so a refetch reads the hour up to then.
export function useAuditPage(view: HistoryView) {
  return useQuery({
    queryKey: ["audit", historyHref(view)],
    queryFn: async ({ signal }) =>
      readApiResponse(
        await sendApiRequest(`/api/audit?${auditSearchParams(view, new Date(), { paged: true })}`, { signal }),
        auditPageSchema,
      ),
    // The page being left stays on screen until the next one is read: the table does not jump to a skeleton.
    placeholderData: keepPreviousData,
    // Events keep arriving: a page come back to is read again (shown from the cache meanwhile).
    staleTime: 0,
  });
}

export const exportHref = (view: HistoryView, now: Date): string =>
  `/api/audit/export?${auditSearchParams(view, now, { paged: false })}`;
