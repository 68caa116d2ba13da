/**
 * An upper bound on a message's MIME parts and multipart containers, read from its bytes before
 * any parser builds a tree from them: every `boundary=` parameter declares one container, and
 * every line that opens a part with one of those boundaries is one part. Counting too many (a
 * boundary string repeated inside a body) only refuses a message sooner; counting too few is not
 * possible, since a parser finds no part these lines do not open.
 */
export function scanMimeParts(raw: Buffer): { parts: number; containers: number } {
  const text = raw.toString("latin1");
  const boundaries = new Set<string>();
  for (const match of text.matchAll(/\bboundary\s*=\s*(?:"([^"\r\n]{1,200})"|([^\s;"]{1,200}))/gi)) {
    boundaries.add(match[1] ?? match[2]);
  }
  let parts = 1;
  if (boundaries.size) {
    for (const line of text.matchAll(/\r\n--([^\r\n]{1,202})/g)) {
      const delimiter = line[1].replace(/[ \t]+$/, "");
      // A part opens at "--boundary"; "--boundary--" closes its container.
      if (boundaries.has(delimiter)) parts++;
    }
  }
  return { parts, containers: boundaries.size };
}
