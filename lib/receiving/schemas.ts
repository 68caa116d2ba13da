import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";

export const listReceivedEmailsQuerySchema = paginationQuerySchema.extend({
  // Words of the subject or the sender (the dashboard's search box).
  q: z.string().trim().max(200, "q must be at most 200 characters").optional(),
});

export const getReceivedEmailQuerySchema = z.object({
  html_format: z.enum(["data_uri", "cid"], { message: "html_format must be data_uri or cid" }).optional(),
});

export const listReceivedAttachmentsQuerySchema = paginationQuerySchema;

/**
 * Forward a received message: passthrough (the default) sends its content and attachments
 * as they are; with `passthrough: false` the message goes as an .eml attachment under the new
 * `text` and/or `html`.
 */
export const forwardReceivedEmailBodySchema = z
  .object({
    from: z.string({ message: "from is required" }).min(1, "from is required"),
    // Checked as POST /emails checks its `to` when the forward is sent.
    to: z.union([z.string(), z.array(z.string()).max(50, "at most 50 addresses")], {
      message: "to must be an address or a list of addresses",
    }),
    passthrough: z.boolean().optional(),
    text: z.string().optional(),
    html: z.string().optional(),
  })
  .refine((body) => body.passthrough !== false || body.text !== undefined || body.html !== undefined, {
    message: "with passthrough false, send text or html",
    path: ["text"],
  });

export type ListReceivedEmailsQuery = z.infer<typeof listReceivedEmailsQuerySchema>;
export type ForwardReceivedEmailBody = z.infer<typeof forwardReceivedEmailBodySchema>;
