// Byte-level helpers for a message as an SMTP client sent it. Messages are handled as latin1
// strings (one char per byte) so any 8-bit content round-trips unchanged.

/**
 * A line break that is not CRLF: an LF without a CR before it, or a CR without an LF after it.
 * Both are refused: receivers disagree on whether they end a line, which is how SMTP smuggling
 * (a second message hidden in the first) starts.
 */
export function bareLineBreak(data: Buffer): "LF" | "CR" | null {
  for (let i = data.indexOf(0x0a); i !== -1; i = data.indexOf(0x0a, i + 1)) {
    if (i === 0 || data[i - 1] !== 0x0d) return "LF";
  }
  for (let i = data.indexOf(0x0d); i !== -1; i = data.indexOf(0x0d, i + 1)) {
    if (data[i + 1] !== 0x0a) return "CR";
  }
  return null;
}

export function splitMessage(raw: string): { header: string; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) return { header: raw.endsWith("\r\n") ? raw : `${raw}\r\n`, body: "" };
  return { header: raw.slice(0, end + 2), body: raw.slice(end + 4) };
}

/** The header block's fields, each with its folded continuation lines. */
export function headerFields(header: string): string[] {
  const out: string[] = [];
  for (const line of header.split("\r\n")) {
    if (!line) continue;
    if (/^[ \t]/.test(line) && out.length) out[out.length - 1] += `\r\n${line}`;
    else out.push(line);
  }
  return out;
}

/** A header field's name, lowercased. */
export const fieldName = (field: string) => field.slice(0, field.indexOf(":")).trim().toLowerCase();

/** A header field's value, unfolded (each line break before a continuation becomes a space) and trimmed. */
export const fieldValue = (field: string) =>
  field
    .slice(field.indexOf(":") + 1)
    .replace(/\r\n[ \t]/g, " ")
    .trim();

export function headerValue(raw: string, name: string): string | null {
  const field = headerFields(splitMessage(raw).header).find((f) => fieldName(f) === name.toLowerCase());
  return field ? fieldValue(field) : null;
}

/** The message without the named header fields, and with `add` fields prepended. */
export function rewriteHeaders(raw: string, options: { remove: string[]; add?: string[] }): string {
  const { header, body } = splitMessage(raw);
  const drop = new Set(options.remove.map((n) => n.toLowerCase()));
  const kept = headerFields(header).filter((f) => !drop.has(fieldName(f)));
  return [...(options.add ?? []), ...kept].map((f) => `${f}\r\n`).join("") + `\r\n${body}`;
}
