"use client";

import Link from "next/link";
import { useEffect, useId, useRef, useState } from "react";
import { cn } from "@/lib/ui/cn";

/**
 * Says, on every dashboard page, that this server delivers nothing (MAIL_TRANSPORT=inbox): a
 * button whose panel gives the step that turns real delivery on. Escape, a click elsewhere or
 * following a link closes it.
 */
export function LocalModeBadge({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const code = "rounded bg-zinc-100 px-1 py-px font-mono text-[12px] text-zinc-800";
  return (
    <div ref={rootRef} className={cn("relative min-w-0", className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        data-testid="local-mode-badge"
        className={cn(
          "inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full bg-sky-50 px-2.5 py-1 text-left text-xs font-medium text-sky-800 ring-1 ring-sky-200 ring-inset",
          "transition-colors hover:bg-sky-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500",
        )}
      >
        <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-sky-500" />
        <span className="min-w-0">Local mode: nothing leaves this machine</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Local mode"
          className={cn(
            "z-40 rounded-xl border border-zinc-200 bg-white p-4 text-[13px] leading-5 text-zinc-600 shadow-dialog",
            // A phone's header spans the screen: the panel takes its width below it.
            "fixed inset-x-3 top-14 md:absolute md:inset-x-auto md:top-full md:left-0 md:mt-2 md:w-80",
          )}
        >
          <p className="font-semibold text-zinc-900">Every email stays in the dev inbox</p>
          <p className="mt-1">
            This server runs with <code className={code}>MAIL_TRANSPORT=inbox</code>: sends, automations and broadcasts all land in the{" "}
            <Link href="/inbox" onClick={() => setOpen(false)} className="font-medium text-brand-600 hover:underline">
              dev inbox
            </Link>
            , and nobody outside is reached.
          </p>
          <p className="mt-3 font-semibold text-zinc-900">To deliver for real</p>
          <ol className="mt-1 list-decimal space-y-1 pl-5">
            <li>
              Set <code className={code}>MAIL_TRANSPORT=smtp</code> with <code className={code}>SMTP_URL</code> (your provider&apos;s
              relay), or <code className={code}>MAIL_TRANSPORT=mx</code> to deliver straight to recipients&apos; mail servers, and restart.
            </li>
            <li>
              <Link href="/domains" onClick={() => setOpen(false)} className="font-medium text-brand-600 hover:underline">
                Verify a domain
              </Link>{" "}
              and send from an address on it.
            </li>
          </ol>
          <p className="mt-3 text-xs text-zinc-500">Every setting is in the README, under Configuration.</p>
        </div>
      )}
    </div>
  );
}
