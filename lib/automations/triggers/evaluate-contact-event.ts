import type { Tx } from "@/lib/db/client";
import type { Contact } from "@/lib/generated/prisma/client";
import type { ContactProperties } from "@/lib/contacts/schemas";
import { enrollContact } from "../enrollments/enroll-contact";
import { triggerMatches, type ContactEventKind } from "./trigger-matches";

export type ContactEvent =
  | { type: "created"; accountId: string; contact: Contact }
  | { type: "updated"; accountId: string; contact: Contact; previousProperties: ContactProperties }
  | { type: "list_joined"; accountId: string; contact: Contact; listName: string }
  | { type: "event"; accountId: string; contact: Contact; name: string; properties: Record<string, unknown> };

const TRIGGERS_FOR: Record<ContactEvent["type"], string[]> = {
  created: ["property_equals"],
  updated: ["property_equals", "property_changed"],
  list_joined: ["list_join"],
  event: ["event"],
};

export interface ActiveAutomation {
  id: string;
  triggerType: string;
  triggerConfig: unknown;
}

/**
 * The account's active automations as evaluateContactEvent reads them, oldest first: one read
 * for a caller that evaluates many contacts' events in one transaction (an import's chunk).
 */
export function activeAutomations(tx: Tx, accountId: string): Promise<ActiveAutomation[]> {
  return tx.automation.findMany({
    where: { accountId, status: "active" },
    select: { id: true, triggerType: true, triggerConfig: true },
    orderBy: { createdAt: "asc" },
  });
}

/**
 * Evaluates one contact event against the account's active automations (`active`: as
 * activeAutomations read them in the caller's transaction; else read here) and enrolls
 * the contact in each one it matches. Runs inside the caller's transaction, so the enrollment
 * and its first job exist exactly when the contact change does. Returns the new enrollment ids.
 */
export async function evaluateContactEvent(tx: Tx, event: ContactEvent, options: { active?: ActiveAutomation[] } = {}): Promise<string[]> {
  const { contact } = event;
  if (!contact.subscribed) return [];
  const types = TRIGGERS_FOR[event.type];
  const automations = options.active
    ? options.active.filter((a) => types.includes(a.triggerType))
    : await tx.automation.findMany({
        where: { accountId: event.accountId, status: "active", triggerType: { in: types } },
        select: { id: true, triggerType: true, triggerConfig: true },
        orderBy: { createdAt: "asc" },
      });
  if (!automations.length) return [];
  const properties = (contact.properties ?? {}) as ContactProperties;
  const kind: ContactEventKind =
    event.type === "list_joined"
      ? { type: "list_joined", listName: event.listName }
      : event.type === "event"
        ? { type: "event", name: event.name }
        : event.type === "created"
          ? { type: "created", properties }
          : { type: "updated", properties, previousProperties: event.previousProperties };
  const matched = automations.filter((a) => triggerMatches(a.triggerType, a.triggerConfig, kind));
  if (!matched.length) return [];
  const suppressed = await tx.suppression.findUnique({
    where: { accountId_email: { accountId: event.accountId, email: contact.email } },
    select: { id: true },
  });
  if (suppressed) return [];
  const enrolled: string[] = [];
  for (const automation of matched) {
    const id = await enrollContact(tx, {
      accountId: event.accountId,
      automationId: automation.id,
      contactId: contact.id,
      listName: event.type === "list_joined" ? event.listName : null,
      eventProperties: event.type === "event" ? event.properties : null,
    });
    if (id) enrolled.push(id);
  }
  return enrolled;
}
