import type { ReactNode } from "react";
import { SettingsNav } from "./settings-nav";

/** Every settings page: the settings' own navigation above the page. */
export function SettingsLayout({ children }: { children: ReactNode }) {
  return (
    <div className="stack">
      <SettingsNav />
      {children}
    </div>
  );
}
