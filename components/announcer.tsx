"use client";

import { type ReactNode, createContext, use, useEffect, useState } from "react";

const AnnounceContext = createContext<(message: string) => void>(() => {});

/**
 * A polite status region that lives in the layout, so a message such as
 * "Created dog" survives the navigation that follows it and is read out
 * without moving focus.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(""), 10_000);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <AnnounceContext value={setMessage}>
      {children}
      <div role="status" className={message ? "toast" : "visually-hidden"}>
        {message}
      </div>
    </AnnounceContext>
  );
}

export function useAnnounce(): (message: string) => void {
  return use(AnnounceContext);
}
