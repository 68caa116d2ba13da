import { ApiError } from "./errors";

// Request bodies are read as a stream and given up on the moment they pass the limit:
// a Content-Length above it is refused before a byte is read, and a chunked body
// without a length is cancelled at the chunk that crosses it, so an oversized upload costs at
// most one chunk past the limit in memory. Under `next start` an App Router handler's
// req.body is the socket itself (Next passes the IncomingMessage to the Request unbuffered when
// there is no proxy/middleware), so cancelling also stops reading the upload.

export function payloadTooLarge(maxBytes: number): ApiError {
  // The rest of the body stays unread, so the connection cannot carry another request.
  return new ApiError("payload_too_large", `body is larger than ${maxBytes} bytes`, undefined, { Connection: "close" });
}

/** The whole body (empty when there is none), or 413 payload_too_large past maxBytes. */
export async function readBody(req: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (declared > maxBytes) {
    req.body?.cancel().catch(() => {});
    throw payloadTooLarge(maxBytes);
  }
  if (!req.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away (or the stream failed) mid-upload: nobody reads this answer.
      throw new ApiError("invalid_json", "the request body ended before it was complete");
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > maxBytes) {
      reader.cancel().catch(() => {});
      throw payloadTooLarge(maxBytes);
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, total);
}
