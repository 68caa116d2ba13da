import { defineOperation } from "@/lib/api/define-operation";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { deletedSchema } from "@/lib/openapi/common";
import { imageResponseSchema, listImagesResponseSchema, uploadImageFormSchema } from "./response-schemas";

export const uploadImageOp = defineOperation({
  method: "POST",
  path: "/images",
  id: "uploadImage",
  summary: "Upload an image",
  description:
    "multipart/form-data with the field `file`. The type is read from the content (PNG, JPEG, GIF, WebP; 415 for anything else, whatever the name says), the size is at most IMAGE_MAX_BYTES (5 MiB by default; 413), and the account's images together at most IMAGE_STORAGE_MB_PER_ACCOUNT (100 MB; 403 limit_reached). Wider than 1200 px is scaled down, the aspect and format kept; an animated GIF or WebP is kept as it is. The image is served publicly at `url`.",
  tag: "Templates",
  multipartBody: uploadImageFormSchema,
  // IMAGE_MAX_BYTES's default; the route reads the configured limit.
  maxBodyBytes: 5 * 1024 * 1024,
  status: 201,
  response: imageResponseSchema,
  errors: ["validation_error", "unsupported_media_type", "limit_reached"],
});

export const listImagesOp = defineOperation({
  method: "GET",
  path: "/images",
  id: "listImages",
  summary: "List images",
  tag: "Templates",
  query: paginationQuerySchema,
  response: listImagesResponseSchema,
});

export const deleteImageOp = defineOperation({
  method: "DELETE",
  path: "/images/{id}",
  id: "deleteImage",
  summary: "Delete an image",
  description: "Its public address answers 404 from then on, in mail already sent too.",
  tag: "Templates",
  response: deletedSchema("img"),
});
