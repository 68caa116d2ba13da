import type { LayoutContent } from "@/lib/layouts/layout-content";
import { renderTemplate, templateComplexityError, templateSyntaxError } from "@/lib/templates/render";

/** One try at rendering a draft for its preview: the subject and html it gave, or why it did not render. */
export interface PreviewAttempt {
  subject: string;
  html: string;
  error: string | null;
}

export const EMPTY_PREVIEW: PreviewAttempt = { subject: "", html: "", error: null };

/**
 * Renders a draft's subject and html with the server's renderer, in the layout given, for the
 * sample values. A syntax or complexity problem (subject first) is reported without rendering;
 * a render that throws is reported with its message.
 */
export function renderAttempt(
  subject: string,
  html: string,
  sample: Record<string, unknown>,
  layout: LayoutContent | null,
): PreviewAttempt {
  const error =
    templateSyntaxError(subject) ?? templateComplexityError(subject) ?? templateSyntaxError(html) ?? templateComplexityError(html);
  if (error) return { subject: "", html: "", error };
  try {
    const out = renderTemplate({ subject, html }, sample, { layout });
    return { subject: out.subject, html: out.html, error: null };
  } catch (failure) {
    return { subject: "", html: "", error: failure instanceof Error ? failure.message : "this does not render" };
  }
}
