"use client";

import { useRef, type KeyboardEvent } from "react";
import { cn } from "@/lib/ui/cn";

interface HtmlCodeEditorProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  className?: string;
}

const INDENT = "  ";

// Puts text at the caret through the browser's editing command, so Ctrl+Z undoes it and an
// input event reaches React; falls back to setRangeText where the command is missing.
function insertAtCaret(area: HTMLTextAreaElement, text: string) {
  if (document.execCommand?.("insertText", false, text)) return;
  area.setRangeText(text, area.selectionStart, area.selectionEnd, "end");
  area.dispatchEvent(new Event("input", { bubbles: true }));
}

/**
 * A monospace textarea with line numbers. Tab indents; Escape then Tab leaves the editor, so
 * keyboard users are never trapped. Lines do not wrap, so the numbers stay beside their line.
 */
export function HtmlCodeEditor({ id, value, onChange, onBlur, className, ...aria }: HtmlCodeEditorProps) {
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const gutterRef = useRef<HTMLDivElement>(null);
  const tabLeaves = useRef(false);
  const lines = value.split("\n").length;

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape") {
      tabLeaves.current = true;
      return;
    }
    if (event.key === "Tab" && !event.shiftKey && !event.ctrlKey && !event.metaKey && !event.altKey && !tabLeaves.current) {
      event.preventDefault();
      insertAtCaret(event.currentTarget, INDENT);
      return;
    }
    if (event.key !== "Tab") tabLeaves.current = false;
  }

  return (
    <div
      className={cn(
        "flex overflow-hidden rounded-lg border border-zinc-200 bg-white shadow-xs transition-[border-color,box-shadow]",
        "focus-within:border-brand-500 focus-within:ring-3 focus-within:ring-brand-500/15",
        "has-aria-invalid:border-red-500",
        className,
      )}
    >
      <div
        ref={gutterRef}
        aria-hidden="true"
        className="shrink-0 overflow-hidden border-r border-zinc-100 bg-zinc-50/80 py-3 pr-2.5 pl-3 text-right font-mono text-xs leading-5 text-zinc-500 tabular-nums select-none"
      >
        {Array.from({ length: lines }, (_, i) => (
          <div key={i}>{i + 1}</div>
        ))}
      </div>
      <textarea
        ref={areaRef}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          tabLeaves.current = false;
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          if (gutterRef.current) gutterRef.current.scrollTop = event.currentTarget.scrollTop;
        }}
        wrap="off"
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        autoCorrect="off"
        className="min-h-[26rem] w-full flex-1 resize-y bg-transparent px-3 py-3 font-mono text-[13px] leading-5 text-zinc-800 [tab-size:2] outline-none"
        {...aria}
      />
    </div>
  );
}
