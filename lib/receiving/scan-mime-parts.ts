export interface MimeScan {
  /** Parts, at most: the message itself and every part a declared boundary opens. */
  parts: number;
  /** Multipart containers: one per declared boundary. */
  containers: number;
  /** The largest attachment's decoded size, at least (see below). */
  largestAttachment: number;
}

const DELIMITER = /\r\n--([^\r\n]{1,202})/g;
const BOUNDARY = /\bboundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi;
// The body types a MIME parser keeps as the message's text when inline; any other leaf part,
// or one of these with a disposition other than inline, is an attachment.
const TEXT_TYPES = new Set(["text/plain", "text/html", "message/delivery-status"]);

interface Delimiter {
  boundary: string;
  closing: boolean;
  /** Where the delimiter line starts (its CRLF) and where the part's first line starts. */
  at: number;
  next: number;
}

/**
 * Bounds read from a message's bytes before any parser builds a tree from them, so a message can
 * be refused before the 250 and parsed later. Every `boundary=` parameter declares one container,
 * and every line that opens a part with one of those boundaries is one part: counting too many (a
 * boundary string repeated inside a body) only refuses sooner, and too few is not possible, since
 * a parser finds no part these lines do not open. A part runs to the next delimiter of its own
 * boundary; a leaf part that is an attachment has its decoded size estimated from its body
 * (base64: 3 bytes per 4 characters of the alphabet; quoted-printable: an escape is one byte, a
 * soft line break none). An attached message counts whole, its parts included.
 */
export function scanMimeParts(raw: Buffer): MimeScan {
  const text = raw.toString("latin1");
  const boundaries = new Set<string>();
  for (const match of text.matchAll(BOUNDARY)) boundaries.add(match[1] ?? match[2]);
  const delimiters: Delimiter[] = [];
  if (boundaries.size) {
    for (const line of text.matchAll(DELIMITER)) {
      const delimiter = line[1].replace(/[ \t]+$/, "");
      const lineEnd = text.indexOf("\r\n", line.index + 2);
      const next = lineEnd === -1 ? text.length : lineEnd + 2;
      // A part opens at "--boundary"; "--boundary--" closes its container.
      if (boundaries.has(delimiter)) delimiters.push({ boundary: delimiter, closing: false, at: line.index, next });
      else if (delimiter.endsWith("--") && boundaries.has(delimiter.slice(0, -2))) {
        delimiters.push({ boundary: delimiter.slice(0, -2), closing: true, at: line.index, next });
      }
    }
  }
  let largestAttachment = attachmentSize(text, 0, text.length);
  // From the last delimiter back: where the next delimiter of each boundary starts.
  const nextOf = new Map<string, number>();
  for (let i = delimiters.length - 1; i >= 0; i--) {
    const d = delimiters[i];
    if (!d.closing) largestAttachment = Math.max(largestAttachment, attachmentSize(text, d.next, nextOf.get(d.boundary) ?? text.length));
    nextOf.set(d.boundary, d.at);
  }
  return { parts: 1 + delimiters.filter((d) => !d.closing).length, containers: boundaries.size, largestAttachment };
}

/** The decoded size of the part in text[start, end) when it is an attachment, else 0. */
function attachmentSize(text: string, start: number, end: number): number {
  const split = text.startsWith("\r\n", start) ? start : text.indexOf("\r\n\r\n", start);
  const headerEnd = split === -1 || split >= end ? end : split;
  const header = text.slice(start, headerEnd).replace(/\r\n[ \t]+/g, " ");
  const field = (name: string) => new RegExp(`(?:^|\\r\\n)${name}[ \\t]*:[ \\t]*([^;\\r\\n]*)`, "i").exec(header)?.[1].trim().toLowerCase();
  const type = field("content-type") || "text/plain";
  if (type.startsWith("multipart/")) return 0;
  const disposition = field("content-disposition");
  if (TEXT_TYPES.has(type) && (!disposition || disposition === "inline")) return 0;
  const bodyStart = Math.min(headerEnd + (split === start ? 2 : 4), end);
  return decodedSize(text, bodyStart, end, field("content-transfer-encoding"));
}

function decodedSize(text: string, start: number, end: number, encoding: string | undefined): number {
  if (encoding === "base64") {
    let chars = 0;
    for (let i = start; i < end; i++) {
      const c = text.charCodeAt(i);
      if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47) chars++;
    }
    return Math.floor((chars * 3) / 4);
  }
  if (encoding === "quoted-printable") {
    const body = text.slice(start, end);
    const escapes = body.match(/=[0-9A-Fa-f]{2}/g)?.length ?? 0;
    const softBreaks = body.match(/=\r\n/g)?.length ?? 0;
    return body.length - 2 * escapes - 3 * softBreaks;
  }
  return end - start;
}
