import { getDb } from "@/lib/db/client";
import { IMAGE_EXTENSIONS, kindOfContentType } from "./detect-image-type";
import { imageBucket, imageObjectKey } from "./image-bucket";

/**
 * The stored image behind a public path's file name (`<id>.<ext>`), or null: the extension
 * must be the image's own, so one image has one address. Its bytes come from the database or,
 * for an image stored in the S3 bucket, from there.
 */
export async function readPublicImage(fileName: string): Promise<{ contentType: string; data: Uint8Array } | null> {
  const match = /^(img_[0-9A-Za-z]{1,40})\.([a-z]{3,4})$/.exec(fileName);
  if (!match) return null;
  const image = await getDb().image.findUnique({
    where: { id: match[1] },
    select: { id: true, accountId: true, contentType: true, data: true, storage: true },
  });
  if (!image) return null;
  const kind = kindOfContentType(image.contentType);
  if (!kind || IMAGE_EXTENSIONS[kind] !== match[2]) return null;
  if (image.storage !== "s3") return image.data ? { contentType: image.contentType, data: image.data } : null;
  const bucket = imageBucket();
  const data = bucket ? await bucket.get(imageObjectKey(image)) : null;
  return data ? { contentType: image.contentType, data } : null;
}
