import type { ContactList } from "@/lib/generated/prisma/client";

export const listInclude = { _count: { select: { memberships: true } } } as const;

export type ListWithCount = ContactList & { _count: { memberships: number } };

export function serializeList(list: ListWithCount) {
  return {
    id: list.id,
    name: list.name,
    contactCount: list._count.memberships,
    doubleOptIn: list.doubleOptIn,
    createdAt: list.createdAt.toISOString(),
  };
}

export type ListResponse = ReturnType<typeof serializeList>;
