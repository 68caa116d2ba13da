import { ApiError } from "@/lib/api/errors";
import type { Design } from "./design";
import { templateComplexityError, templateSyntaxError } from "./render";
import { renderDesignHtml } from "./render-design-html";
import { TEMPLATE_HTML_MAX_BYTES } from "./schemas";
import { utf8Bytes } from "./utf8-bytes";

/**
 * The htmlBody stored with a design: rendered from it, held to the rules of an htmlBody written
 * by hand (it parses as a template, nests sections within the limit, fits 512 KB). Text typed in
 * the editor may hold mustache tags of its own ({{#x}} without {{/x}}): a 400 naming the design.
 */
export function htmlFromDesign(design: Design): string {
  const html = renderDesignHtml(design);
  const problem = templateSyntaxError(html) ?? templateComplexityError(html);
  if (problem) throw new ApiError("validation_error", `design: ${problem}`, [{ path: "design", message: problem }]);
  if (utf8Bytes(html) > TEMPLATE_HTML_MAX_BYTES) {
    const message = "the design's HTML would be larger than 512 KB";
    throw new ApiError("validation_error", `design: ${message}`, [{ path: "design", message }]);
  }
  return html;
}
