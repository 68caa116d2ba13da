import { cn } from "@/lib/ui/cn";
import { CopyButton } from "./copy-button";

interface CodeBlockProps {
  code: string;
  /** A small caption in the header bar, such as "cURL" or "Node.js". */
  language?: string;
  className?: string;
}

export function CodeBlock({ code, language, className }: CodeBlockProps) {
  return (
    <div className={cn("overflow-hidden rounded-lg border border-zinc-800 bg-zinc-950", className)}>
      <div className="flex h-10 items-center justify-between border-b border-white/10 pr-1.5 pl-4">
        <span className="text-xs font-medium text-zinc-400">{language}</span>
        <CopyButton value={code} label="Copy" variant="ghost-dark" size="sm" />
      </div>
      {/* Focusable: a line longer than the box (a phone) scrolls it, by keyboard too. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-4 font-mono text-[13px] leading-6 text-zinc-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}
