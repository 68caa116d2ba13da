"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { toHtmlDocument } from "@/lib/transports/html-document";
import { cn } from "@/lib/ui/cn";
import { withLinksInNewTab } from "@/lib/ui/links-in-new-tab";

interface SandboxedFrameProps {
  /** An email's HTML: a whole document, or a fragment that gets a plain one around it. */
  html: string;
  /** The frame's accessible name ("Email preview"). */
  title: string;
  /**
   * Lay the document out at this many CSS pixels and scale it down to fit when the frame is
   * narrower, as a desktop mail client would show it. Omit to fill the frame's width.
   */
  width?: number;
  /** The visible height in pixels. */
  height?: number;
  className?: string;
  /** Classes for the iframe itself (a border, a radius). */
  frameClassName?: string;
  /**
   * In a box narrower than a phone's width plus margins, lay out at the box's own width
   * instead of shrinking a wide layout to an unreadable size (a message read on a phone).
   */
  fitNarrowBox?: boolean;
  /**
   * Links open in a new tab, as a mail client opens them, instead of replacing the message in
   * the frame: every link gets a `_blank` target and the sandbox allows that one popup, outside
   * the sandbox (so the destination works as a normal page). Scripts and forms stay blocked.
   */
  linksInNewTab?: boolean;
}

const NARROW_BOX = 480;

// A fragment ("<p>Hi {{name}}</p>") is shown in the document it is sent in (the same wrapper,
// fonts and margins as the delivered mail); a whole document is shown exactly as sent.
function asDocument(html: string): string {
  return /<!doctype/i.test(html) ? html : toHtmlDocument(html, "");
}

// Chromium drops a srcdoc change made while the iframe's first document is still loading (that
// first document wins), which is when late data such as stored sample values or the account's
// layout arrives, and on a busy machine that load takes a while. Until the frame has fired its
// first load, a change gets a fresh iframe instead; after it, changes (typing) update the
// attribute in place, which Chromium always honours and which does not flash.
function useFreshSrcDoc(srcDoc: string) {
  const [frame, setFrame] = useState({ key: 0, doc: srcDoc, loaded: false });
  // Adjusted while rendering (React renders again at once), not in an effect a paint later.
  if (srcDoc !== frame.doc) setFrame(frame.loaded ? { ...frame, doc: srcDoc } : { key: frame.key + 1, doc: srcDoc, loaded: false });
  // The load of an iframe already replaced says nothing about its successor.
  const onLoad = useCallback(
    (key: number) => setFrame((current) => (current.key !== key || current.loaded ? current : { ...current, loaded: true })),
    [],
  );
  return { ...frame, onLoad };
}

/**
 * Untrusted HTML in an iframe with `sandbox=""`: no scripts, no forms, no popups (unless
 * `linksInNewTab`), no access to the dashboard (an opaque origin). The content comes in through
 * srcdoc, never a URL.
 */
export function SandboxedFrame({
  html,
  title,
  width: layoutWidth,
  height = 560,
  className,
  frameClassName,
  fitNarrowBox,
  linksInNewTab,
}: SandboxedFrameProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState<number | null>(null);
  const srcDoc = useMemo(() => (linksInNewTab ? withLinksInNewTab(asDocument(html)) : asDocument(html)), [html, linksInNewTab]);
  const frame = useFreshSrcDoc(srcDoc);
  const width = fitNarrowBox && boxWidth !== null && boxWidth < NARROW_BOX ? undefined : layoutWidth;

  useEffect(() => {
    const box = boxRef.current;
    if (!box || layoutWidth === undefined) return;
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry.contentRect.width));
    observer.observe(box);
    return () => observer.disconnect();
  }, [layoutWidth]);

  const scale = width !== undefined && boxWidth ? Math.min(1, boxWidth / width) : 1;
  return (
    <div ref={boxRef} className={cn("relative w-full overflow-hidden bg-white", className)} style={{ height }}>
      <iframe
        key={frame.key}
        title={title}
        sandbox={linksInNewTab ? "allow-popups allow-popups-to-escape-sandbox" : ""}
        srcDoc={frame.doc}
        onLoad={() => frame.onLoad(frame.key)}
        referrerPolicy="no-referrer"
        className={cn("block border-0 bg-white", width === undefined && "h-full w-full", frameClassName)}
        style={
          width === undefined
            ? undefined
            : {
                width,
                height: height / scale,
                transform: `scale(${scale})`,
                transformOrigin: "top left",
                // Until measured, the scale is unknown: show nothing rather than a cropped frame.
                visibility: boxWidth === null ? "hidden" : undefined,
                // Centre a frame narrower than its box (a phone-width preview).
                marginLeft: boxWidth && boxWidth > width ? (boxWidth - width) / 2 : 0,
              }
        }
      />
    </div>
  );
}
