/**
 * A link's canonical form for click tracking, parsed by the WHATWG URL parser: only http(s),
 * and the href is ASCII (non-ASCII percent-encoded, the host punycoded), so it can go in a
 * Location header as is. Null for anything else (javascript:, data:, unparsable).
 */
export function normalizeClickUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  return url.href;
}
