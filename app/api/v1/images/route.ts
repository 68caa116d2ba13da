import { apiRoute } from "@/lib/api/api-route";
import { refuseOtherMethods } from "@/lib/api/method-not-allowed";
import { getEnv } from "@/lib/config/env";
import { listImages } from "@/lib/images/list-images";
import { listImagesOp, uploadImageOp } from "@/lib/images/operations";
import { readImageUpload } from "@/lib/images/read-image-upload";
import { uploadImage } from "@/lib/images/upload-image";

// POST /api/v1/images – upload an image (multipart field `file`), stored resized for email
export const POST = apiRoute(uploadImageOp, async ({ auth, req }) =>
  uploadImage({ accountId: auth.accountId, bytes: await readImageUpload(req, getEnv().IMAGE_MAX_BYTES) }),
);

// GET /api/v1/images – the account's images, newest first
export const GET = apiRoute(listImagesOp, ({ auth, query }) => listImages({ accountId: auth.accountId, query }));

export const { PUT, PATCH, DELETE, OPTIONS } = refuseOtherMethods({ GET, POST });
