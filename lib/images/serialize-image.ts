import { appUrl } from "@/lib/config/env";
import type { Image } from "@/lib/generated/prisma/client";
import { IMAGE_EXTENSIONS, kindOfContentType } from "./detect-image-type";

/** Where an image is served: public, under APP_URL, its id unguessable (lib/db/ids.ts). */
export function imageUrl(image: Pick<Image, "id" | "contentType">): string {
  const kind = kindOfContentType(image.contentType);
  return `${appUrl()}/i/${image.id}.${kind ? IMAGE_EXTENSIONS[kind] : "bin"}`;
}

export function serializeImage(image: Omit<Image, "data">) {
  return {
    id: image.id,
    url: imageUrl(image),
    contentType: image.contentType,
    width: image.width,
    height: image.height,
    bytes: image.bytes,
    createdAt: image.createdAt.toISOString(),
  };
}

export type ImageResponse = ReturnType<typeof serializeImage>;
