import { getDb } from "@/lib/db/client";
import { emailSendJob } from "./send-email-job";

/** Whether an `email.send` job of this email is waiting or running (a retry, a deferral's). */
export async function emailHasPendingSendJob(emailId: string): Promise<boolean> {
  const job = await getDb().job.findFirst({
    where: { name: emailSendJob.id, status: { in: ["pending", "running"] }, payload: { path: ["emailId"], equals: emailId } },
    select: { id: true },
  });
  return job !== null;
}
