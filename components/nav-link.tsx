"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ComponentProps } from "react";

/** A header link that says when it leads to the page the person is on. */
export function NavLink({ href, ...props }: ComponentProps<typeof Link> & { href: string }) {
  const current = usePathname() === href;
  return <Link href={href} aria-current={current ? "page" : undefined} className="nav-link" {...props} />;
}
