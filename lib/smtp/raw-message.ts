// Byte-level helpers for a message as an SMTP client sent it. Messages are handled as latin1
// strings (one char per byte) so any 8-bit content round-trips unchanged.

/** True when a line ends in a bare LF (not CRLF): refused, it is how SMTP smuggling starts. */
export function hasBareLf(data: Buffer): boolean {
  for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) {
    if (i === 0 || data[i - 1] !== 0x0d) return true;
  }
  return false;
}

export function splitMessage(raw: string): { header: string; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) return { header: raw.endsWith("\r\n") ? raw : `${raw}\r\n`, body: "" };
  return { header: raw.slice(0, end + 2), body: raw.slice(end + 4) };
}

/** The header block's fields, each with its folded continuation lines. */
function fields(header: string): string[] {
  const out: string[] = [];
  for (const line of header.split("\r\n")) {
    if (!line) continue;
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1] += `\r\n${line}`;
    else out.push(line);
  }
  return out;
}

const nameOf = (field: string) => field.slice(0, field.indexOf(":")).trim().toLowerCase();

export function headerValue(raw: string, name: string): string | null {
  const field = fields(splitMessage(raw).header).find((f) => nameOf(f) === name.toLowerCase());
  return field ? field.slice(field.indexOf(":") + 1).replace(/\r\n[ \t]/g, " ").trim() : null;
}

/** The message without the named header fields, and with `add` fields prepended. */
export function rewriteHeaders(raw: string, options: { remove: string[]; add?: string[] }): string {
  const { header, body } = splitMessage(raw);
  const drop = new Set(options.remove.map((n) => n.toLowerCase()));
  const kept = fields(header).filter((f) => !drop.has(nameOf(f)));
  return [...(options.add ?? []), ...kept].map((f) => `${f}\r\n`).join("") + `\r\n${body}`;
}
