import { ApiError } from "@/lib/api/errors";
import { getEnv } from "@/lib/config/env";
import { getDb } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { lockRow } from "@/lib/db/lock-row";
import { now } from "@/lib/clock/clock";
import { IMAGE_CONTENT_TYPES, detectImageType } from "./detect-image-type";
import { logger } from "@/lib/log/logger";
import { imageBucket, imageObjectKey } from "./image-bucket";
import { prepareImage } from "./resize-image";
import { serializeImage } from "./serialize-image";

/**
 * Stores an uploaded image for the account: its type by content (415 for anything but PNG,
 * JPEG, GIF or WebP), resized to email width, within the account's storage quota (403
 * limit_reached; the account row is locked so concurrent uploads cannot pass it together).
 * With an S3 bucket configured the bytes go there first and the row records where; an upload
 * the quota then refuses takes its object back out.
 */
export async function uploadImage(options: { accountId: string; bytes: Uint8Array }) {
  const kind = detectImageType(options.bytes);
  if (!kind) {
    throw new ApiError(
      "unsupported_media_type",
      "file: the content is not a PNG, JPEG, GIF or WebP image (the type is read from the content, not the name)",
      [{ path: "file", message: "not a PNG, JPEG, GIF or WebP image" }],
    );
  }
  const image = await prepareImage(options.bytes, kind);
  const quotaMb = getEnv().IMAGE_STORAGE_MB_PER_ACCOUNT;
  const quota = quotaMb * 1024 * 1024;
  const id = newId("img");
  const contentType = IMAGE_CONTENT_TYPES[kind];
  const bucket = imageBucket();
  const key = imageObjectKey({ id, accountId: options.accountId });
  if (bucket) {
    await bucket.put(key, new Uint8Array(image.data), contentType).catch((error: unknown) => {
      logger().error({ err: error }, "image upload: the bucket refused the object");
      throw new ApiError("service_unavailable", "the image store is not answering; try again later");
    });
  }
  const stored = await getDb()
    .$transaction(async (tx) => {
      await lockRow(tx, "Account", { id: options.accountId });
      const used = await tx.image.aggregate({ where: { accountId: options.accountId }, _sum: { bytes: true } });
      const usedBytes = used._sum.bytes ?? 0;
      if (usedBytes + image.data.byteLength > quota) {
        throw new ApiError(
          "limit_reached",
          `image storage quota reached: ${usedBytes} of ${quota} bytes (${quotaMb} MB) used, this image needs ${image.data.byteLength}; delete images to make room`,
          [{ path: "file", message: "over the account's image storage quota" }],
        );
      }
      return tx.image.create({
        data: {
          id,
          accountId: options.accountId,
          contentType,
          width: image.width,
          height: image.height,
          bytes: image.data.byteLength,
          data: bucket ? null : new Uint8Array(image.data),
          storage: bucket ? "s3" : "database",
          createdAt: now(),
        },
        omit: { data: true },
      });
    })
    .catch(async (error: unknown) => {
      if (bucket) await bucket.delete(key).catch((e: unknown) => logger().warn({ err: e, key }, "image upload: left an object behind"));
      throw error;
    });
  return serializeImage(stored);
}
