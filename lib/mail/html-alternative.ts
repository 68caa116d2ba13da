import { compile } from "html-to-text";
import { LRUCache } from "lru-cache";

// Mail that inboxes take (issue 18): an HTML email is a whole document with a text/plain
// alternative. SpamAssassin scores an HTML-only message (MIME_HTML_ONLY), a fragment without an
// <html> tag (HTML_MIME_NO_HTML_TAG) and an image-heavy HTML part with little text beside it.

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const HEAD = (title: string) =>
  `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title></head>`;

/** The HTML as a full document: a fragment is wrapped; a document (it has an <html> tag) is kept as is. */
export function toHtmlDocument(html: string, title: string): string {
  if (/<html[\s>]/i.test(html)) return html;
  if (/<body[\s>]/i.test(html)) return `<!DOCTYPE html>\n<html>${HEAD(title)}${html}</html>`;
  return `<!DOCTYPE html>\n<html>${HEAD(title)}<body>\n${html}\n</body></html>`;
}

// Compiled once: `convert` compiles its options (the selector tree) on every call, which cost
// more than the DKIM signature per message.
const convert = compile({
  wordwrap: 78,
  selectors: [
    { selector: "img", format: "skip" },
    { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
    { selector: "title", format: "skip" },
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
