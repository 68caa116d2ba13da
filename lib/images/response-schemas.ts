import { z } from "zod";
import { idOf, listOf, timestamp } from "@/lib/openapi/common";

export const imageResponseSchema = z
  .object({
    id: idOf("img"),
    url: z.string().meta({
      description: "Public address under APP_URL, cached for a year.",
      example: "https://mail.example.com/i/img_4kXv7Qp2Lm9RzT1cWn8bYd.png",
    }),
    contentType: z.enum(["image/png", "image/jpeg", "image/gif", "image/webp"]),
    width: z.number().int(),
    height: z.number().int(),
    bytes: z.number().int().meta({ description: "Stored size, after resizing." }),
    createdAt: timestamp,
  })
  .meta({ id: "Image" });

export const listImagesResponseSchema = listOf(imageResponseSchema);

/** The upload's form fields, as the document shows them (the handler reads the body itself). */
export const uploadImageFormSchema = z.object({
  file: z.string().meta({ format: "binary", description: "The image: PNG, JPEG, GIF or WebP, told by its content." }),
});
