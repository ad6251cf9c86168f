"use client";

import { type ReactNode, createContext, use, useCallback, useEffect, useState } from "react";
import { Toast } from "./toast";

const AnnounceContext = createContext<(message: string) => void>(() => {});

// In the layout, so "Created dog" survives the navigation that follows it.
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  // A counter makes a repeated message ("Created dog" twice) a new announcement.
  const [message, setMessage] = useState({ text: "", serial: 0 });

  useEffect(() => {
    if (!message.text) return;
    const timer = setTimeout(() => setMessage((current) => ({ ...current, text: "" })), 10_000);
    return () => clearTimeout(timer);
  }, [message]);

  const announce = useCallback((text: string) => setMessage((current) => ({ text, serial: current.serial + 1 })), []);

  return (
    <AnnounceContext value={announce}>
      {children}
      <Toast message={message.text} serial={message.serial} />
    </AnnounceContext>
  );
}

export function useAnnounce(): (message: string) => void {
  return use(AnnounceContext);
}
