import { createContext, use } from "react";
import { AppError } from "@/lib/shared/app-error";

export const SessionEndedContext = createContext(false);

export const useSessionEnded = () => use(SessionEndedContext);

export const isSessionEnded = (error: unknown) => error instanceof AppError && error.code === "unauthenticated";

export function signInAgain(): void {
  const here = `${window.location.pathname}${window.location.search}`;
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/login?next=${encodeURIComponent(here)}`);
}
