import { z } from "zod";
import { defineOperation } from "@/lib/api/define-operation";
import type { ErrorCode } from "@/lib/api/errors";
import { batchSendBodySchema, listEmailsQuerySchema, MAX_BATCH, rescheduleEmailBodySchema, sendEmailBodySchema } from "./schemas";
import {
  batchSendResponseSchema,
  cancelEmailResponseSchema,
  emailResponseSchema,
  listEmailsResponseSchema,
  rescheduleEmailResponseSchema,
  sendEmailResponseSchema,
} from "./response-schemas";

const SEND_ERRORS: ErrorCode[] = [
  "insufficient_credits",
  "domain_not_verified",
  "sandbox_recipient",
  "not_found",
  "conflict",
  "template_too_complex",
];

export const sendEmailOp = defineOperation({
  method: "POST",
  path: "/emails",
  id: "sendEmail",
  summary: "Send or schedule an email",
  description:
    "Either `template_id` (+ `variables`) or `subject` with `html` and/or `text`. `variables` may be flat or nested: a dotted name such as {{user.first_name}} reads the key `user.first_name` first, then `user` → `first_name` (bounds in the field's description); the template preview renders with the same rules. `from` must be on a verified domain, or be the sandbox sender (`SANDBOX_FROM`, default `onboarding@sandbox.mailwright.test`), which reaches only the account's own address and `*.simulator.test` (anyone with the dev-inbox transport): 403 `sandbox_recipient` otherwise. One credit per recipient.",
  tag: "Emails",
  scope: "send:email",
  body: sendEmailBodySchema,
  // 10 MB of attachments, base64-encoded, plus the rest.
  maxBodyBytes: 15 * 1024 * 1024,
  status: 201,
  response: sendEmailResponseSchema,
  idempotent: true,
  errors: SEND_ERRORS,
  example: {
    from: "Acme <hello@example.com>",
    to: ["ann@example.org"],
    subject: "Welcome, Ann",
    html: "<p>Thanks for signing up.</p>",
    tags: [{ name: "category", value: "welcome" }],
  },
});

export const sendEmailBatchOp = defineOperation({
  method: "POST",
  path: "/emails/batch",
  id: "sendEmailBatch",
  summary: "Send up to 100 emails, all or nothing",
  tag: "Emails",
  scope: "send:email",
  body: batchSendBodySchema,
  bodyShown: z.array(sendEmailBodySchema).min(1).max(MAX_BATCH),
  maxBodyBytes: 40 * 1024 * 1024,
  status: 201,
  response: batchSendResponseSchema,
  idempotent: true,
  errors: SEND_ERRORS,
  example: [
    { from: "hello@example.com", to: "ann@example.org", subject: "Your receipt", text: "Thanks for your order." },
    { from: "hello@example.com", to: "bob@example.org", template_id: "tpl_4kXv7Qp2Lm9RzT1cWn8bYd", variables: { name: "Bob" } },
  ],
});

export const listEmailsOp = defineOperation({
  method: "GET",
  path: "/emails",
  id: "listEmails",
  summary: "List emails",
  tag: "Emails",
  query: listEmailsQuerySchema,
  response: listEmailsResponseSchema,
});

export const listScheduledEmailsOp = defineOperation({
  method: "GET",
  path: "/emails/scheduled",
  id: "listScheduledEmails",
  summary: "List scheduled emails, soonest first",
  tag: "Emails",
  query: listEmailsQuerySchema,
  response: listEmailsResponseSchema,
});

export const getEmailOp = defineOperation({
  method: "GET",
  path: "/emails/{id}",
  id: "getEmail",
  summary: "Get an email with recipients and events",
  tag: "Emails",
  response: emailResponseSchema,
});

export const cancelEmailOp = defineOperation({
  method: "DELETE",
  path: "/emails/{id}",
  id: "cancelEmail",
  summary: "Cancel a scheduled email (credits refunded)",
  tag: "Emails",
  response: cancelEmailResponseSchema,
  errors: ["conflict"],
});

/** Resend's path for the same cancel (docs/api.md, "Coming from Resend"). */
export const cancelEmailPostOp = defineOperation({
  ...cancelEmailOp,
  method: "POST",
  path: "/emails/{id}/cancel",
  id: "cancelEmailPost",
  summary: "Cancel a scheduled email (as DELETE /emails/{id})",
});

export const rescheduleEmailOp = defineOperation({
  method: "PATCH",
  path: "/emails/{id}",
  id: "rescheduleEmail",
  summary: "Reschedule a scheduled email",
  description:
    '`scheduled_at`: ISO 8601 with an offset, or an English phrase ("in 1 hour", "tomorrow at 9am"), read in UTC unless it names a zone. 409 unless the email is scheduled.',
  tag: "Emails",
  body: rescheduleEmailBodySchema,
  response: rescheduleEmailResponseSchema,
  errors: ["conflict"],
  example: { scheduled_at: "in 1 hour" },
});

export const rescheduleEmailPutOp = defineOperation({
  ...rescheduleEmailOp,
  method: "PUT",
  id: "rescheduleEmailPut",
  summary: "Reschedule a scheduled email (as PATCH)",
});
