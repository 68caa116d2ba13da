/**
 * The document with every link opening in a new tab: a `<base target="_blank">`, the default
 * target of every link that names none (the first <base> with a target counts). A `_blank`
 * target without rel="opener" is a noopener one, so the new tab has no handle on the page that
 * opened it. Put where the parser keeps it (after <head>, <html> or the doctype, in that order
 * of preference), so the document's standards mode is untouched.
 */
export function withLinksInNewTab(document: string): string {
  const base = '<base target="_blank">';
  const at = [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i].map((tag) => tag.exec(document)).find(Boolean);
  if (!at) return base + document;
  const end = at.index + at[0].length;
  return document.slice(0, end) + base + document.slice(end);
}
