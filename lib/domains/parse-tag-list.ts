/**
 * The "tag=value; tag=value" syntax DKIM (RFC 6376 section 3.2) and DMARC share. Tag names are
 * lowercased, the first occurrence wins, and whitespace inside values is dropped because DNS
 * hosts fold long base64 keys across lines and strings.
 */
export function parseTagList(txt: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const part of txt.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    if (key && !tags.has(key)) tags.set(key, part.slice(eq + 1).replace(/\s+/g, ""));
  }
  return tags;
}
