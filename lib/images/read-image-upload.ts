import { ApiError } from "@/lib/api/errors";
import { readBody } from "@/lib/api/read-body";

// What a multipart body may carry beside the file itself (boundaries, part headers).
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

function tooLarge(maxBytes: number): ApiError {
  return new ApiError(
    "payload_too_large",
    `file: the image is larger than ${maxBytes} bytes`,
    [{ path: "file", message: `larger than ${maxBytes} bytes` }],
    {
      Connection: "close",
    },
  );
}

/**
 * The `file` field of a multipart/form-data upload. The body is read through the bounded reader
 * (a declared length past the limit is refused before a byte is read; a chunked body is cut off
 * at the chunk that crosses it), so an oversized upload never sits whole in memory.
 */
export async function readImageUpload(req: Request, maxBytes: number): Promise<Uint8Array> {
  const type = req.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(type)) {
    req.body?.cancel().catch(() => {});
    throw new ApiError("unsupported_media_type", "send the image as multipart/form-data with the field `file`");
  }
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = await readBody(req, maxBytes + MULTIPART_OVERHEAD_BYTES);
  } catch (error) {
    throw error instanceof ApiError && error.code === "payload_too_large" ? tooLarge(maxBytes) : error;
  }
  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError("validation_error", "file: the body is not readable multipart/form-data", [
      { path: "file", message: "unreadable multipart body" },
    ]);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") {
    throw new ApiError("validation_error", "file: send the image as the form field `file`", [{ path: "file", message: "required" }]);
  }
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  if (file.size === 0) throw new ApiError("validation_error", "file: the file is empty", [{ path: "file", message: "empty" }]);
  return new Uint8Array(await file.arrayBuffer());
}
