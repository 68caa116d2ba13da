import type { Contact } from "@/lib/generated/prisma/client";
import type { ContactProperties } from "./schemas";

/** The include every contact read uses, so the response can name the contact's lists. */
export const contactInclude = {
  memberships: { select: { list: { select: { name: true } } } },
} as const;

export type ContactWithLists = Contact & { memberships: { list: { name: string } }[] };

export function serializeContact(contact: ContactWithLists) {
  return {
    id: contact.id,
    email: contact.email,
    name: contact.name,
    properties: (contact.properties ?? {}) as ContactProperties,
    subscribed: contact.subscribed,
    lists: contact.memberships.map((m) => m.list.name).sort(),
    createdAt: contact.createdAt.toISOString(),
    updatedAt: contact.updatedAt.toISOString(),
  };
}

export type ContactResponse = ReturnType<typeof serializeContact>;
