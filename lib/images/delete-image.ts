import { getDb } from "@/lib/db/client";
import { notFound } from "@/lib/api/errors";
import { logger } from "@/lib/log/logger";
import { imageBucket, imageObjectKey } from "./image-bucket";

/**
 * Deletes the account's image (404 for another account's), and its object when it is stored in
 * the S3 bucket. Mail already sent keeps its link, which answers 404 from then on.
 */
export async function deleteImage(options: { accountId: string; id: string }) {
  const db = getDb();
  const image = await db.image.findFirst({
    where: { id: options.id, accountId: options.accountId },
    select: { id: true, accountId: true, storage: true },
  });
  const { count } = image ? await db.image.deleteMany({ where: { id: image.id, accountId: options.accountId } }) : { count: 0 };
  if (!image || count === 0) throw notFound("image");
  if (image.storage === "s3") {
    // The row is gone, so the image is: an object the bucket keeps after a failed delete is only storage.
    await imageBucket()
      ?.delete(imageObjectKey(image))
      .catch((error: unknown) => logger().warn({ err: error, id: image.id }, "image delete: the bucket kept the object"));
  }
  return { id: options.id, deleted: true as const };
}
