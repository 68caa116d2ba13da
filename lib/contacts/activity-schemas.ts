import { z } from "zod";
import { RecipientStatus, EnrollmentStatus } from "@/lib/generated/prisma/enums";
import { idOf, nullableTimestamp, timestamp } from "@/lib/openapi/common";

// GET /contacts/:id/activity: the contact's latest emails (each with its latest events) and its
// automation enrollments. Bounded: `limit` emails and enrollments, ACTIVITY_EVENTS_PER_EMAIL events each.
export const ACTIVITY_LIMIT_MAX = 50;
export const ACTIVITY_EVENTS_PER_EMAIL = 20;

export const contactActivityQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\d+$/, "limit must be a non-negative integer")
      .transform(Number)
      .pipe(z.number().int().min(1, "limit must be at least 1").max(ACTIVITY_LIMIT_MAX, `limit must be at most ${ACTIVITY_LIMIT_MAX}`))
      .optional()
      .default(10),
  })
  .strict();

export type ContactActivityQuery = z.infer<typeof contactActivityQuerySchema>;

export const contactActivityResponseSchema = z
  .object({
    emails: z.array(
      z.object({
        id: idOf("em"),
        subject: z.string(),
        status: z.enum(RecipientStatus).meta({ description: "This contact's delivery status for the email." }),
        automationId: idOf("aut").nullable(),
        broadcastId: idOf("bc").nullable(),
        createdAt: timestamp,
        events: z
          .array(z.object({ id: idOf("evt"), type: z.string(), createdAt: timestamp }))
          .meta({ description: `Oldest first: the latest ${ACTIVITY_EVENTS_PER_EMAIL} events about this recipient.` }),
      }),
    ),
    enrollments: z.array(
      z.object({
        id: idOf("enr"),
        automationId: idOf("aut"),
        automationName: z.string(),
        status: z.enum(EnrollmentStatus),
        enrolledAt: timestamp,
        completedAt: nullableTimestamp,
      }),
    ),
  })
  .meta({ id: "ContactActivity" });

export type ContactActivity = z.infer<typeof contactActivityResponseSchema>;
