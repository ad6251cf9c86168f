"use client";

import { SomethingWentWrong } from "@/components/shell/something-went-wrong";
import { StoreUnavailable } from "@/components/shell/store-unavailable";
import { Button } from "@/components/ui/button";
import { isStoreUnavailable } from "@/lib/shared/page-errors";

// retry, unlike reset, asks the server for the page again: the error came from rendering it there.
export default function ErrorPage({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  if (isStoreUnavailable(error)) return <StoreUnavailable retry={<Button onClick={retry}>Try again</Button>} />;
  return <SomethingWentWrong reset={retry} />;
}
