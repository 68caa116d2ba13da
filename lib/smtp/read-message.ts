import type { SMTPServerDataStream } from "smtp-server";

/**
 * The message an SMTP client sends after DATA, or null once it passes `maxBytes`. Past the
 * limit the rest is read and dropped rather than kept: the stream must still end so the
 * session can answer 552, but an oversized message never sits in memory.
 */
export function readMessage(stream: SMTPServerDataStream, maxBytes: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    let chunks: Buffer[] | null = [];
    let bytes = 0;
    stream.on("data", (chunk: Buffer) => {
      if (!chunks) return;
      bytes += chunk.length;
      if (bytes > maxBytes || stream.sizeExceeded) chunks = null;
      else chunks.push(chunk);
    });
    stream.on("end", () => resolve(chunks && Buffer.concat(chunks, bytes)));
    stream.on("error", reject);
  });
}
