"use client";

import { useMemo } from "react";
import { EMPTY_PREVIEW, renderAttempt, type PreviewAttempt } from "@/lib/broadcasts/preview-attempt";
import { useDefaultLayout } from "@/lib/hooks/use-layouts";
import { useLastGood } from "@/lib/hooks/use-last-good";

/**
 * The preview renders with the server's renderer, in the account's default layout as a send is,
 * and the sample values (those a member named Ann would get);
 * while the draft does not render, the last preview that did stays up beside the error.
 */
export function useBroadcastPreview(subject: string, html: string, sample: Record<string, unknown>): PreviewAttempt {
  const layout = useDefaultLayout();
  const attempt = useMemo(() => renderAttempt(subject, html, sample, layout), [subject, html, sample, layout]);
  return useLastGood(attempt, EMPTY_PREVIEW);
}
