"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { cn } from "@/lib/ui/cn";
import { XIcon } from "./icons";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Usually a DialogBody and a DialogFooter, both inside a <form> when the dialog is one. */
  children?: ReactNode;
  /** Whether a click outside the panel closes it (Escape and the close button always do). */
  closeOnBackdrop?: boolean;
  className?: string;
}

// A modal built on <dialog>: showModal() gives the dialog role, makes the page behind inert,
// keeps focus inside and restores it on close; Escape fires "cancel", which we route through
// onOpenChange so the parent stays in control. The body mounts only while open, so forms
// inside start fresh each time. Put data-autofocus on the control that should take focus.
export function Dialog({ open, onOpenChange, title, description, children, closeOnBackdrop = true, className }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedBackdrop = useRef(false);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
      // The <dialog> box fills the viewport and is only hit outside the panel: the backdrop.
      // Both press and release must land there, so a text selection dragged out does not close.
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (closeOnBackdrop && pressedBackdrop.current && event.target === event.currentTarget) onOpenChange(false);
      }}
      className={cn(
        "fixed inset-0 m-0 h-dvh max-h-none w-screen max-w-none bg-transparent p-4 text-zinc-900",
        "items-start justify-center overflow-y-auto open:flex sm:items-center",
        "backdrop:animate-fade-in backdrop:bg-zinc-950/40 backdrop:backdrop-blur-[2px]",
      )}
    >
      {open && (
        <div className={cn("relative my-8 w-full max-w-md animate-dialog-in rounded-xl bg-white text-left shadow-dialog", className)}>
          <div className="px-6 pt-6 pr-12">
            <h2 id={titleId} className="text-base font-semibold tracking-tight text-zinc-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1.5 text-sm text-zinc-500">
                {description}
              </div>
            )}
          </div>
          {children}
          {/* Last in the DOM so that the first field, not this button, takes focus on open. */}
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-4 rounded-md p-1.5 text-zinc-400 transition-colors hover:bg-zinc-100 hover:text-zinc-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <XIcon />
          </button>
        </div>
      )}
    </dialog>
  );
}

export function DialogBody({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("px-6 pt-5", className)}>{children}</div>;
}

/** The dialog's buttons, right-aligned; the main action goes last. */
export function DialogFooter({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn("flex flex-col-reverse gap-2 p-6 sm:flex-row sm:justify-end", className)}>{children}</div>;
}
