"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/ui/cn";
import { XIcon } from "@/components/ui/icons";
import { MenuIcon } from "./dashboard-icons";
import { SidebarNav } from "./sidebar-nav";
import type { Role } from "@/lib/members/roles";

/**
 * The phone's navigation: a menu button opening a sheet with the grouped page links and the
 * account. A modal <dialog> keeps focus inside, Escape and the backdrop close it, and it closes
 * on following a link.
 */
export function MobileNav({ account, role }: { account: ReactNode; role: Role }) {
  const pathname = usePathname();
  // Open on the page it was opened on: a page change (a link, the back button, a guard's
  // "Leave") always ends with the menu closed.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    else if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-zinc-700 ring-1 ring-zinc-200 transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <MenuIcon className="size-5" />
      </button>
      <dialog
        ref={ref}
        aria-label="Menu"
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className={cn(
          "fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-0",
          "backdrop:animate-fade-in backdrop:bg-zinc-950/40 backdrop:backdrop-blur-[2px]",
        )}
      >
        {open && (
          <div className="flex h-full w-[min(20rem,calc(100vw-3rem))] animate-fade-in flex-col bg-zinc-50 shadow-dialog">
            <div className="flex h-14 shrink-0 items-center justify-between border-b border-zinc-200 px-4">
              <span className="text-sm font-semibold text-zinc-900">Menu</span>
              <button
                type="button"
                aria-label="Close menu"
                onClick={() => setOpen(false)}
                className="flex size-9 cursor-pointer items-center justify-center rounded-md text-zinc-500 transition-colors hover:bg-zinc-200/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <XIcon className="size-5" />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
              <SidebarNav role={role} onNavigate={() => setOpen(false)} />
            </div>
            <div className="shrink-0 border-t border-zinc-200 px-3 py-3">{account}</div>
          </div>
        )}
      </dialog>
    </>
  );
}
