"use client";

import { useMemo, useRef } from "react";
import { cn } from "@/lib/ui/cn";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { ArrowRightIcon, ShieldCheckIcon } from "@/components/ui/icons";

interface HeaderBlock {
  name: string;
  /** The header's lines as sent, folded continuation lines included. */
  lines: string[];
}

/** Splits a message into its header fields (each with its folded lines) and the body. */
function parseMessage(raw: string): { headers: HeaderBlock[]; body: string } {
  const text = raw.replace(/\r\n/g, "\n");
  const end = text.indexOf("\n\n");
  const head = end === -1 ? text : text.slice(0, end);
  const body = end === -1 ? "" : text.slice(end + 2);
  const headers: HeaderBlock[] = [];
  for (const line of head.split("\n")) {
    if (/^[ \t]/.test(line) && headers.length) headers[headers.length - 1].lines.push(line);
    else headers.push({ name: line.slice(0, Math.max(0, line.indexOf(":"))), lines: [line] });
  }
  return { headers, body };
}

/** d=, s=, a= of a DKIM-Signature (RFC 6376 tag=value list). */
function dkimTags(header: HeaderBlock): Record<string, string> {
  const value = header.lines
    .join("")
    .replace(/^[^:]*:/, "")
    .replace(/\s+/g, "");
  const tags: Record<string, string> = {};
  for (const part of value.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) tags[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return tags;
}

const HIGHLIGHT: Record<string, { line: string; name: string }> = {
  "dkim-signature": { line: "border-amber-400 bg-amber-300/15", name: "font-semibold text-amber-200" },
  "return-path": { line: "border-sky-400 bg-sky-300/10", name: "font-semibold text-sky-200" },
};

/** The message as it was handed over, headers first, with the DKIM-Signature easy to find. */
export function RawSource({ raw }: { raw: string }) {
  const { headers, body } = useMemo(() => parseMessage(raw), [raw]);
  const dkimHeader = headers.find((h) => h.name.toLowerCase() === "dkim-signature");
  const returnPath = headers.find((h) => h.name.toLowerCase() === "return-path");
  const dkim = dkimHeader ? dkimTags(dkimHeader) : null;
  const dkimRef = useRef<HTMLSpanElement>(null);

  return (
    <div className="space-y-3">
      {dkim ? (
        <div className="flex items-center gap-3 rounded-lg bg-amber-50 py-1.5 pr-1.5 pl-3 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset">
          <ShieldCheckIcon className="size-3.5 shrink-0 text-amber-600" />
          <p className="flex min-w-0 flex-1 flex-wrap gap-x-3 gap-y-0.5">
            <span className="font-medium">DKIM-signed</span>
            <span className="font-mono break-all">d={dkim.d}</span>
            <span className="font-mono">s={dkim.s}</span>
            {dkim.a && <span className="font-mono">a={dkim.a}</span>}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="h-7 shrink-0 px-2 text-xs text-amber-800 hover:bg-amber-100 hover:text-amber-950"
            onClick={() => dkimRef.current?.scrollIntoView({ block: "center", behavior: "smooth" })}
          >
            Show header
            <ArrowRightIcon className="size-3" />
          </Button>
        </div>
      ) : (
        <Alert tone="warning">This message has no DKIM-Signature header: it was sent from a domain without a signing key.</Alert>
      )}
      <div className="flex items-center gap-3 text-xs">
        {returnPath && (
          <p className="flex min-w-0 items-center gap-1.5 text-zinc-500">
            <span className="shrink-0 font-medium text-zinc-700">Return-Path</span>
            <span className="truncate font-mono">{returnPath.lines.join(" ").replace(/^[^:]*:\s*/, "")}</span>
          </p>
        )}
        <CopyButton value={raw} label="Copy source" variant="ghost" className="ml-auto" />
      </div>
      <pre className="max-h-[560px] overflow-auto rounded-lg border border-zinc-800 bg-zinc-950 py-3 font-mono text-xs leading-5 text-zinc-300">
        <code>
          {headers.map((header, index) => {
            const key = header.name.toLowerCase();
            const highlight = HIGHLIGHT[key];
            return (
              <span
                key={index}
                ref={key === "dkim-signature" ? dkimRef : undefined}
                data-header={header.name}
                className={cn("block border-l-2 px-4", highlight?.line ?? "border-transparent")}
              >
                {header.lines.map((line, i) => {
                  const colon = i === 0 ? line.indexOf(":") : -1;
                  return (
                    <span key={i} className="block whitespace-pre">
                      {colon > 0 ? (
                        <>
                          <span className={highlight?.name ?? "text-sky-300"}>{line.slice(0, colon)}</span>
                          {line.slice(colon)}
                        </>
                      ) : (
                        line
                      )}
                    </span>
                  );
                })}
              </span>
            );
          })}
          <span className="block px-4"> </span>
          <span className="block px-4 whitespace-pre text-zinc-400">{body}</span>
        </code>
      </pre>
    </div>
  );
}
