// The document every HTML email is sent in, and every preview shows: one wrapper, so a preview
// looks as the mail reads. Pure (no server-only imports): the dashboard's preview frames use it.
//
// Mail that inboxes take: an HTML email is a whole document (SpamAssassin scores a fragment
// without an <html> tag, HTML_MIME_NO_HTML_TAG). A fragment would otherwise show in the reader's
// default font (serif in a browser and in several clients): the document gives it a sans-serif
// system stack, a readable size and a little room; a sender's own styles still win.

export const EMAIL_FONT_STACK = `-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif`;

export const EMAIL_BASE_STYLE =
  `body{margin:0;padding:20px;font-family:${EMAIL_FONT_STACK};font-size:15px;line-height:1.5;color:#18181b;` +
  `word-wrap:break-word;-webkit-text-size-adjust:100%}img{max-width:100%;height:auto}`;

const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

const HEAD = (title: string) =>
  `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeText(title)}</title><style>${EMAIL_BASE_STYLE}</style></head>`;

/** The HTML as a full document: a fragment is wrapped; a document (it has an <html> tag) is kept as is. */
export function toHtmlDocument(html: string, title: string): string {
  if (/<html[\s>]/i.test(html)) return html;
  if (/<body[\s>]/i.test(html)) return `<!DOCTYPE html>\n<html>${HEAD(title)}${html}</html>`;
  return `<!DOCTYPE html>\n<html>${HEAD(title)}<body>\n${html}\n</body></html>`;
}
