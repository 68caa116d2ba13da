"use client";

import { useMemo } from "react";
import { extractVariables, renderTemplate, templateComplexityError, templateSyntaxError, unfilledVariables } from "@/lib/templates/render";
import { useLastGood } from "@/lib/hooks/use-last-good";
import type { LayoutContent } from "@/lib/layouts/layout-content";
import { FILLED_WHEN_SENT, sampleVariables, variablePaths } from "./template-variables";

export interface LivePreview {
  subject: string;
  html: string;
  paths: string[];
  detected: string[];
  /** What the preview rendered with, and what "Send test" sends. */
  variables: Record<string, unknown>;
  /** Variables the template prints that these values leave empty. */
  unfilled: string[];
  error: string | null;
}

const EMPTY_PREVIEW: LivePreview = { subject: "", html: "", paths: [], detected: [], variables: {}, unfilled: [], error: null };

function renderPreview(subject: string, htmlBody: string, samples: Record<string, string>, layout: LayoutContent | null): LivePreview {
  const subjectError = templateSyntaxError(subject) ?? templateComplexityError(subject);
  const error = subjectError ?? templateSyntaxError(htmlBody) ?? templateComplexityError(htmlBody);
  if (error) {
    const where = subjectError ? "Subject" : "HTML body";
    return { ...EMPTY_PREVIEW, error: `${where}: ${error.replace(/^template syntax error: /, "")}` };
  }
  const paths = variablePaths(subject, htmlBody) ?? [];
  const variables = sampleVariables(samples, paths);
  let rendered: ReturnType<typeof renderTemplate>;
  try {
    rendered = renderTemplate({ subject, html: htmlBody }, variables, { layout });
  } catch (failure) {
    return { ...EMPTY_PREVIEW, error: failure instanceof Error ? failure.message : "this template does not render" };
  }
  return {
    subject: rendered.subject,
    html: rendered.html,
    paths,
    detected: extractVariables(subject, htmlBody),
    variables,
    unfilled: unfilledVariables([subject, htmlBody], variables).filter((name) => !FILLED_WHEN_SENT.has(name)),
    error: null,
  };
}

/**
 * Renders in the browser with the server's own renderer, so the preview is what a send gives:
 * with a layout, wrapped in it as journeys and broadcasts send the template (renderTemplate's
 * layout, the same wrapInLayout as send time).
 * While the template does not render, the last preview that did stays up beside the error.
 */
export function useLivePreview(
  subject: string,
  htmlBody: string,
  samples: Record<string, string>,
  layout: LayoutContent | null = null,
): LivePreview {
  const attempt = useMemo(() => renderPreview(subject, htmlBody, samples, layout), [subject, htmlBody, samples, layout]);
  return useLastGood(attempt, EMPTY_PREVIEW);
}
