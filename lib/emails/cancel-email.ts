import { getDb } from "@/lib/db/client";
import { recordEmailEvent } from "./record-event";
import { ApiError, notFound } from "@/lib/api/errors";
import { refundCredits } from "@/lib/credits/refund-credits";

/** Cancels a scheduled email and refunds its credits; anything past `scheduled` is a 409. */
export async function cancelEmail(options: { accountId: string; id: string }) {
  const db = getDb();
  return db.$transaction(async (tx) => {
    // The conditional update is the lock: a delivery that already took the email wins.
    const updated = await tx.email.updateMany({
      where: { id: options.id, accountId: options.accountId, status: "scheduled" },
      data: { status: "cancelled", lastEvent: "email.cancelled" },
    });
    if (updated.count === 0) {
      const email = await tx.email.findFirst({ where: { id: options.id, accountId: options.accountId }, select: { status: true } });
      if (!email) throw notFound("email");
      throw new ApiError("conflict", `only scheduled emails can be cancelled; this one is ${email.status}`);
    }
    const recipients = await tx.emailRecipient.updateMany({ where: { emailId: options.id }, data: { status: "cancelled" } });
    const email = await tx.email.findUniqueOrThrow({ where: { id: options.id } });
    // Through the one event writer: its createdAt is the service clock, as every event's.
    await recordEmailEvent(tx, { email, type: "email.cancelled" });
    if (!email.isTest && recipients.count > 0) {
      await refundCredits(tx, {
        accountId: options.accountId,
        amount: recipients.count,
        emailId: options.id,
        description: "Scheduled email cancelled",
      });
    }
    return { id: options.id, status: "cancelled" as const };
  });
}
