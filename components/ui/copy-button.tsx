"use client";

import { useEffect, useRef, useState } from "react";
import { cn } from "@/lib/ui/cn";
import { Button, type ButtonProps } from "./button";
import { CheckIcon, CopyIcon } from "./icons";

// navigator.clipboard exists only in secure contexts (https, localhost); a dashboard opened over
// plain http on a LAN address falls back to the old selection-based copy.
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the fallback
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  // Inside a modal dialog only the dialog is interactive, so the textarea must live there.
  (document.activeElement?.closest("dialog") ?? document.body).appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  return ok;
}

interface CopyButtonProps extends Omit<ButtonProps, "value" | "onClick" | "children"> {
  value: string;
  /** Visible text; omit for an icon-only button (then set ariaLabel). */
  label?: string;
  ariaLabel?: string;
  /** Called once the value is on the clipboard. */
  onCopied?: () => void;
}

export function CopyButton({
  value,
  label,
  ariaLabel,
  onCopied,
  variant = "secondary",
  size = "sm",
  className,
  ...props
}: CopyButtonProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function onClick() {
    const ok = await copyText(value);
    setState(ok ? "copied" : "failed");
    if (ok) onCopied?.();
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState("idle"), 2000);
  }

  const text = state === "copied" ? "Copied" : state === "failed" ? "Press Ctrl+C" : label;
  return (
    <Button
      variant={variant}
      size={size}
      onClick={onClick}
      aria-label={label ? undefined : state === "copied" ? "Copied" : (ariaLabel ?? "Copy")}
      className={cn(!label && "px-2", className)}
      {...props}
    >
      {state === "copied" ? <CheckIcon className="text-emerald-600" /> : <CopyIcon />}
      {text && <span aria-live="polite">{text}</span>}
    </Button>
  );
}
