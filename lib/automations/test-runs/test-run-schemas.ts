import { z } from "zod";
import { paginationQuerySchema } from "@/lib/api/pagination";
import { contactEmailSchema, contactPropertiesSchema } from "@/lib/contacts/schemas";

// A test run: the automation's steps for one contact, with compressed time, into the
// dev inbox. The contact is either one of the account's (copied, never changed) or made up.
// The dashboard's test-run form validates with this same schema.

export const startTestRunBodySchema = z
  .object({
    contactId: z.string({ message: "contactId must be a string" }).trim().min(1, "choose a contact").optional(),
    email: contactEmailSchema.optional(),
    name: z.string({ message: "name must be a string" }).trim().max(200, "name must be at most 200 characters").nullish(),
    properties: contactPropertiesSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const madeUp = body.email !== undefined || body.name != null || body.properties !== undefined;
    if (body.contactId !== undefined && madeUp) {
      ctx.addIssue({
        code: "custom",
        path: ["contactId"],
        message: "send either contactId or a made-up contact (email, name, properties), not both",
      });
    } else if (body.contactId === undefined && body.email === undefined) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "choose a contact (contactId) or make one up (email)" });
    }
  });

export const listTestRunsQuerySchema = paginationQuerySchema;

export type StartTestRunBody = z.infer<typeof startTestRunBodySchema>;
export type ListTestRunsQuery = z.infer<typeof listTestRunsQuerySchema>;

/** POST /automations/:id/test-runs/:runId/events: the event a journey's test run waits for. */
export const sendTestRunEventBodySchema = z
  .object({ name: z.string({ message: "name must be a string" }).trim().min(1, "name is required").max(200) })
  .strict();

export type SendTestRunEventBody = z.infer<typeof sendTestRunEventBodySchema>;
