import { compile } from "html-to-text";
import { LRUCache } from "lru-cache";

// The text/plain alternative every HTML email gets beside its document (toHtmlDocument):
// SpamAssassin scores an HTML-only message (MIME_HTML_ONLY).
export { toHtmlDocument } from "./html-document";

// Compiled once: `convert` compiles its options (the selector tree) on every call, which cost
// more than the DKIM signature per message.
const convert = compile({
  wordwrap: 78,
  selectors: [
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "title", format: "skip" },
    { selector: "style", format: "skip" },
  ],
});

// The same HTML comes back for every recipient of an email and for every email of one template
// with the same variables (a broadcast, an automation step): converted once, not per message.
const converted = new LRUCache<string, string>({
  max: 500,
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (text, html) => html.length + text.length || 1,
});

/** A readable text/plain rendering of the HTML: links as "text [url]", images left out, lines of 78. */
export function htmlToPlainText(html: string): string {
  let text = converted.get(html);
  if (text === undefined) {
    text = convert(html).trim();
    converted.set(html, text);
  }
  return text;
}
