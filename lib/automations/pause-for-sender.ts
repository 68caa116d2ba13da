import { getDb } from "@/lib/db/client";
import { now } from "@/lib/clock/clock";

/**
 * Stops an active automation whose sender may no longer send (mail leaves this machine now and
 * the sender is the sandbox sender, or its domain is not verified): paused, with the reason
 * shown in its checks and the dashboard, so contacts stop joining emails that cannot go out.
 * Activation clears the reason.
 */
export async function pauseForSender(automationId: string, reason: string): Promise<void> {
  await getDb().automation.updateMany({
    where: { id: automationId, status: "active" },
    data: { status: "paused", pausedReason: `Paused by Mailwright: ${reason}`.slice(0, 1000), updatedAt: now() },
  });
}
