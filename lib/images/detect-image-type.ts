// An upload's type is what its first bytes say, never its file name or declared Content-Type:
// a name or a header costs nothing to fake, and the served Content-Type comes from here.

export type ImageKind = "png" | "jpeg" | "gif" | "webp";

export const IMAGE_CONTENT_TYPES: Record<ImageKind, string> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
};

/** The extension an image is served under (/i/<id>.<ext>). */
export const IMAGE_EXTENSIONS: Record<ImageKind, string> = { png: "png", jpeg: "jpg", gif: "gif", webp: "webp" };

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The image kind by its magic bytes, or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

/** The kind of a stored image's Content-Type. */
export function kindOfContentType(contentType: string): ImageKind | null {
  const entry = Object.entries(IMAGE_CONTENT_TYPES).find(([, type]) => type === contentType);
  return entry ? (entry[0] as ImageKind) : null;
}
