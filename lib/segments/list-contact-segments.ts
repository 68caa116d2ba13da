import { getDb } from "@/lib/db/client";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { listInclude } from "@/lib/lists/serialize-list";
import { serializeSegment } from "./serialize-segment";

const SEGMENTS_SHOWN = 1000;

/** The lists (static segments) a contact is in, newest first. */
export async function listContactSegments(options: { accountId: string; contactId: string }) {
  const { accountId, contactId } = options;
  await getContactOrThrow({ accountId, id: contactId });
  const lists = await getDb().contactList.findMany({
    where: { accountId, memberships: { some: { contactId } } },
    include: listInclude,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: SEGMENTS_SHOWN + 1,
  });
  return {
    object: "list" as const,
    data: lists.slice(0, SEGMENTS_SHOWN).map((l) => serializeSegment(l)),
    has_more: lists.length > SEGMENTS_SHOWN,
  };
}
