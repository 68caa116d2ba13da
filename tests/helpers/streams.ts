/**
 * A request body without end (for a reader: it stops at 64 MiB only so that a reader that
 * buffers everything fails the test instead of eating the machine's memory): it makes a chunk
 * each time the reader pulls and counts the bytes made, so a test sees how far a reader went.
 */
export function endlessBody(chunkBytes = 64 * 1024, capBytes = 64 * 1024 * 1024) {
  const state = { made: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.made >= capBytes) return controller.close();
      state.made += chunkBytes;
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x20)); // spaces: valid JSON padding
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

/** A POST whose body is an endless chunked stream (no Content-Length), as Next hands it over. */
export function endlessRequest(url: string, headers: Record<string, string> = {}, chunkBytes?: number) {
  const { stream, state } = endlessBody(chunkBytes);
  const req = new Request(url, { method: "POST", headers, body: stream, duplex: "half" } as RequestInit);
  return { req, state };
}
