/**
 * Large values for one statement (email bodies, raw messages) end to end in one bytea parameter,
 * strings as their UTF-8 bytes: PostgreSQL receives it as binary and each row takes its slice back
 * with substring(... FROM start FOR length), where inside a jsonb parameter each value would be
 * escaped here and parsed there. Encoding as UTF-8 turns a lone surrogate into U+FFFD.
 */
export class ByteaSlices {
  private parts: (string | Buffer)[] = [];
  private size = 0;

  /** Adds a part; returns its slice as [start (1-based, as substring counts), length in bytes]. */
  add(part: string | Buffer): [number, number] {
    const length = typeof part === "string" ? Buffer.byteLength(part) : part.length;
    const start = this.size + 1;
    this.parts.push(part);
    this.size += length;
    return [start, length];
  }

  /** The parameter: every part added, in order (a single Buffer part as it is, uncopied). */
  buffer(): Buffer {
    if (this.parts.length === 1 && Buffer.isBuffer(this.parts[0])) return this.parts[0];
    const out = Buffer.allocUnsafe(this.size);
    let offset = 0;
    for (const part of this.parts) offset += typeof part === "string" ? out.write(part, offset) : part.copy(out, offset);
    return out;
  }
}
