import { getDb } from "@/lib/db/client";
import { IMAGE_EXTENSIONS, kindOfContentType } from "./detect-image-type";

/**
 * The stored image behind a public path's file name (`<id>.<ext>`), or null: the extension
 * must be the image's own, so one image has one address.
 */
export async function readPublicImage(fileName: string): Promise<{ contentType: string; data: Uint8Array } | null> {
  const match = /^(img_[0-9A-Za-z]{1,40})\.([a-z]{3,4})$/.exec(fileName);
  if (!match) return null;
  const image = await getDb().image.findUnique({ where: { id: match[1] }, select: { contentType: true, data: true } });
  if (!image) return null;
  const kind = kindOfContentType(image.contentType);
  if (!kind || IMAGE_EXTENSIONS[kind] !== match[2]) return null;
  return image;
}
