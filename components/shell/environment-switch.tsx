"use client";

import { usePathname, useSearchParams } from "next/navigation";
import type { CatalogueEnvironment } from "@/lib/shared/environment";

export type SwitchChoice = { environment: CatalogueEnvironment; label: string; isDefault: boolean };

/**
 * The same page in each environment. Plain links: a full page load gives the header, the title and every cache of
 * the page to the environment chosen. Read from the browser's address, so they follow client navigations too.
 */
export function EnvironmentSwitch({ current, choices }: { current: CatalogueEnvironment; choices: SwitchChoice[] }) {
  const pathname = usePathname();
  const params = useSearchParams();
  const hrefFor = (choice: SwitchChoice) => {
    const next = new URLSearchParams(params.toString());
    // On History ?environment= is a filter, so the default is named too: without it History shows every environment.
    if (choice.isDefault && pathname !== "/history") next.delete("environment");
    else next.set("environment", choice.environment);
    const search = next.toString();
    return search ? `${pathname}?${search}` : pathname;
  };
  return (
    <nav aria-label="Environment" className="environment-switch">
      <ul>
        {choices.map((choice) => (
          <li key={choice.environment}>
            <a href={hrefFor(choice)} aria-current={choice.environment === current ? "true" : undefined}>
              {choice.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
