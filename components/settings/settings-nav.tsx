"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const PAGES = [
  ["/settings/notifications", "Notifications"],
  ["/settings/service-accounts", "Service accounts"],
] as const;

/**
 * The settings' pages. The layout stays across client navigations, so the current page comes from the browser's
 * address rather than from the server's render. On a page below one (an endpoint's), that one is the current section.
 */
export function SettingsNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Settings">
      <ul className="filter-links">
        {PAGES.map(([href, text]) => (
          <li key={href}>
            <Link
              href={href}
              aria-current={pathname === href ? "page" : pathname.startsWith(`${href}/`) ? "true" : undefined}
            >
              {text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
