import type { z } from "zod";
import type { Design } from "@/lib/templates/design";
import { templateComplexityError, templateSyntaxError } from "@/lib/templates/render";
import { renderDesignHtml } from "@/lib/templates/render-design-html";
import { TEMPLATE_HTML_MAX_BYTES, templateDesignSchema } from "@/lib/templates/schemas";
import { utf8Bytes } from "@/lib/templates/utf8-bytes";

/**
 * A step email's visual design: the editor's blocks, bounded as a template's design is. The
 * step's HTML is rendered from it and stored beside it (the HTML sent with it is replaced), so a
 * step read back and saved unchanged keeps both.
 */
export const stepDesignSchema = templateDesignSchema.meta({
  description: "The visual editor's blocks; the step's HTML is rendered from them and stored beside them.",
});

/**
 * The HTML of a step's design, held to the rules of HTML written by hand (it parses as a
 * template, within the nesting limit, at most 512 KB); a problem is added to ctx at `path`.
 */
export function stepHtmlFromDesign(design: Design, ctx: z.RefinementCtx, path: string): string | null {
  const html = renderDesignHtml(design);
  const problem =
    templateSyntaxError(html) ??
    templateComplexityError(html) ??
    (utf8Bytes(html) > TEMPLATE_HTML_MAX_BYTES ? "the design's HTML would be larger than 512 KB" : null);
  if (!problem) return html;
  ctx.addIssue({ code: "custom", path: [path], message: `design: ${problem}` });
  return null;
}
