import sharp, { type Metadata } from "sharp";
import { ApiError } from "@/lib/api/errors";
import type { ImageKind } from "./detect-image-type";

/** Email width: wider images are scaled down to this many pixels, the aspect kept. */
export const EMAIL_IMAGE_MAX_WIDTH = 1200;
// A decoded image's pixel budget: a small file can claim a huge canvas (a decompression bomb).
const MAX_INPUT_PIXELS = 50_000_000;

export interface PreparedImage {
  data: Buffer;
  width: number;
  height: number;
}

/**
 * The image as it is stored: decoded and encoded again in its own format (so only a readable
 * image is kept, and its metadata, GPS position included, is dropped; JPEG orientation applied),
 * at most EMAIL_IMAGE_MAX_WIDTH wide. An animated GIF or WebP is kept as uploaded: re-encoding
 * every frame costs more than the width saves. 415 for content that does not decode.
 */
export async function prepareImage(bytes: Uint8Array, kind: ImageKind): Promise<PreparedImage> {
  const unreadable = () =>
    new ApiError("unsupported_media_type", `file: the content is not a readable ${kind.toUpperCase()} image`, [
      { path: "file", message: `not a readable ${kind.toUpperCase()} image` },
    ]);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height || meta.format !== kind) throw unreadable();
  if ((meta.pages ?? 1) > 1) {
    return { data: Buffer.from(bytes), width: meta.width, height: meta.pageHeight ?? meta.height };
  }
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    pipeline = pipeline.resize({ width: EMAIL_IMAGE_MAX_WIDTH, withoutEnlargement: true });
    pipeline =
      kind === "png"
        ? pipeline.png()
        : kind === "jpeg"
          ? pipeline.jpeg({ quality: 85, mozjpeg: true })
          : kind === "gif"
            ? pipeline.gif()
            : pipeline.webp({ quality: 85 });
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unreadable();
  }
}
