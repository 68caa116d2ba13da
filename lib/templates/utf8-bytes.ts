/**
 * The length of `text` in UTF-8, as `new TextEncoder().encode(text).length` gives it (a lone
 * surrogate counts as U+FFFD, 3 bytes), without making the bytes: the send schemas measure
 * every key and value of every email's variables, and an encoder and a buffer per string were
 * most of that walk's cost. Runs in the browser too (the dashboard's forms share the schemas).
 */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // A surrogate pair: two UTF-16 units, four bytes.
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}
