"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useId } from "react";
import { cn } from "@/lib/ui/cn";
import type { Role } from "@/lib/members/roles";
import { navGroupsFor } from "./nav-items";

function isActive(pathname: string, href: string) {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The dashboard's page links in their groups: the sidebar's column, and the phone menu's. */
export function SidebarNav({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const pathname = usePathname();
  // Two copies may be in the page (the sidebar, hidden on phones, and the open phone menu).
  const id = useId();
  return (
    <nav aria-label="Main" className="space-y-3">
      {navGroupsFor(role).map((group, index) => {
        const headingId = group.label ? `${id}-group-${index}` : undefined;
        return (
          <div key={group.label ?? `group-${index}`}>
            {group.label && (
              <p id={headingId} className="mb-1 px-2.5 text-[11px] font-medium tracking-wide text-zinc-500 uppercase">
                {group.label}
              </p>
            )}
            <ul aria-labelledby={headingId} className="flex flex-col gap-0.5">
              {group.items.map(({ href, label, icon: Icon }) => {
                const active = isActive(pathname, href);
                return (
                  <li key={href}>
                    <Link
                      href={href}
                      onClick={onNavigate}
                      aria-current={active ? "page" : undefined}
                      className={cn(
                        "flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap transition-colors md:h-8 md:text-[13px]",
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
          </div>
        );
      })}
    </nav>
  );
}
