import type { Contact, Enrollment } from "@/lib/generated/prisma/client";

export function serializeEnrollment(enrollment: Enrollment & { contact: Pick<Contact, "id" | "email" | "name"> }) {
  return {
    id: enrollment.id,
    automationId: enrollment.automationId,
    contact: { id: enrollment.contact.id, email: enrollment.contact.email, name: enrollment.contact.name },
    status: enrollment.status,
    nextPosition: enrollment.nextPosition,
    nextStepAt: enrollment.nextStepAt?.toISOString() ?? null,
    listName: enrollment.listName,
    lastError: enrollment.lastError,
    // "credits" while the due step waits for the account's credits (the enrollment stays active).
    waitingFor: enrollment.waitingForCreditsSince ? ("credits" as const) : null,
    waitingSince: enrollment.waitingForCreditsSince?.toISOString() ?? null,
    enrolledAt: enrollment.enrolledAt.toISOString(),
    completedAt: enrollment.completedAt?.toISOString() ?? null,
  };
}

export type EnrollmentResponse = ReturnType<typeof serializeEnrollment>;
