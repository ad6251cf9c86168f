import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";

/**
 * A page's view (a search, an order) as state: read from the address at first and again on Back and Forward, while
 * the page writes the address itself as the view changes (showInAddress). `read` must be a module-level function.
 */
export function useAddressView<View>(read: (params: Pick<URLSearchParams, "get">) => View) {
  const params = useSearchParams();
  const [view, setView] = useState<View>(() => read(params));
  useEffect(() => {
    const restore = () => setView(read(new URLSearchParams(window.location.search)));
    window.addEventListener("popstate", restore);
    return () => window.removeEventListener("popstate", restore);
  }, [read]);
  return [view, setView] as const;
}
