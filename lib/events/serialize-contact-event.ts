import type { ContactEvent } from "@/lib/generated/prisma/client";
import type { ContactProperties } from "@/lib/contacts/schemas";

export function serializeContactEvent(event: ContactEvent) {
  return {
    id: event.id,
    contactId: event.contactId,
    name: event.name,
    properties: (event.properties ?? {}) as ContactProperties,
    createdAt: event.createdAt.toISOString(),
  };
}

export type ContactEventResponse = ReturnType<typeof serializeContactEvent>;
