"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/cn";
import { NAV_ITEMS } from "./nav-items";

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's page links: a column in the sidebar, a scrolling row on small screens. */
export function SidebarNav() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main">
      <ul className="flex gap-1 overflow-x-auto md:flex-col md:gap-0.5 md:overflow-visible">
        {NAV_ITEMS.map(({ href, label, icon: Icon }) => {
          const active = isActive(pathname, href);
          return (
            <li key={href}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "flex h-8 items-center gap-2.5 rounded-md px-2.5 text-[13px] font-medium whitespace-nowrap transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-brand-500",
                  active
                    ? "bg-white text-zinc-900 shadow-card ring-1 ring-zinc-200"
                    : "text-zinc-600 hover:bg-zinc-200/50 hover:text-zinc-900",
                )}
              >
                <Icon className={active ? "text-brand-600" : "text-zinc-400"} />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
