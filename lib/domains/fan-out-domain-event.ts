import type { Tx } from "@/lib/db/client";
import { newId } from "@/lib/db/ids";
import { fanOutAccountEvents } from "@/lib/webhooks/fan-out-event";
import type { WebhookPayload } from "@/lib/webhooks/serialize-webhook-payload";
import type { DomainRow } from "./serialize-domain";
import type { DomainRecord } from "./types";

/**
 * A domain's verification state as webhooks see it (Resend's names): `verified`; `failed`
 * once a DNS check ran and did not verify it (the API's status `unverified`); `pending`
 * before any check.
 */
export type DomainVerificationState = "pending" | "verified" | "failed";

export function domainVerificationState(row: { status: string; lastCheckedAt: Date | null }): DomainVerificationState {
  if (row.status === "verified") return "verified";
  return row.lastCheckedAt ? "failed" : "pending";
}

/** The `domain.updated` body: the domain and its records as the check left them (Resend's shape). */
type DomainFields = Pick<DomainRow, "id" | "domain" | "status" | "records" | "verifiedAt" | "lastCheckedAt" | "createdAt">;

export function domainWebhookPayload(options: { eventId: string; at: Date; domain: DomainFields }): WebhookPayload {
  const { domain } = options;
  const records = (domain.records as unknown as DomainRecord[]).map((r) => ({
    record: r.purpose,
    name: r.name,
    type: r.type,
    // Resend's field; Mailwright publishes no TTL of its own.
    ttl: "Auto",
    value: r.value,
    status: r.status,
    required: r.required,
    ...(r.priority !== undefined ? { priority: r.priority } : {}),
  }));
  return {
    id: options.eventId,
    type: "domain.updated",
    created_at: options.at.toISOString(),
    data: {
      id: domain.id,
      name: domain.domain,
      status: domainVerificationState(domain),
      created_at: domain.createdAt.toISOString(),
      verified_at: domain.verifiedAt?.toISOString() ?? null,
      records,
    },
  };
}

/**
 * `domain.updated` for a DNS check that changed the domain's verification state (it became
 * verified, a check failed it for the first time, or it lost the name to another account), in
 * the check's transaction; a check that leaves the state as it was tells nobody.
 */
export async function fanOutDomainUpdated(
  tx: Tx,
  options: { before: DomainVerificationState; domain: DomainFields & Pick<DomainRow, "accountId">; at: Date },
): Promise<number> {
  const { domain, at } = options;
  if (domainVerificationState(domain) === options.before) return 0;
  const eventId = newId("evt");
  return fanOutAccountEvents(tx, domain.accountId, [
    { id: eventId, type: "domain.updated", createdAt: at, payload: domainWebhookPayload({ eventId, at, domain }) },
  ]);
}
