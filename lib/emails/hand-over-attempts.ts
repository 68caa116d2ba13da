import type { DeliveryAttempt } from "./build-delivery-attempts";
import { transportFor } from "./delivery-rules";

/**
 * Hands every started attempt to its transport at once (the transport's pool bounds the
 * connections) and sets each answered attempt's outcome. Returns, per email, the first
 * hand-over that failed (the receivers may have the others: they are recorded all the same).
 */
export async function handOverAttempts(sending: DeliveryAttempt[]): Promise<Map<string, unknown>> {
  const handed = await Promise.allSettled(
    sending.map(async (a) => {
      a.outcome = await transportFor(a.prepared.row.email, a.recipient).send(a.message);
    }),
  );
  const failed = new Map<string, unknown>();
  handed.forEach((h, i) => {
    const id = sending[i].prepared.row.email.id;
    if (h.status === "rejected" && !failed.has(id)) failed.set(id, h.reason ?? new Error("the transport failed"));
  });
  return failed;
}
