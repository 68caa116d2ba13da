import { getDb } from "@/lib/db/client";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { selectContactTopics } from "./contact-topics-sql";
import { TOPICS_MAX } from "./schemas";

/** GET /contacts/:id/topics: every topic of the account with the contact's subscription to it. */
export async function listContactTopics(options: { accountId: string; contactId: string }) {
  const { accountId, contactId } = options;
  await getContactOrThrow({ accountId, id: contactId });
  const data = await selectContactTopics(getDb(), { accountId, contactId, limit: TOPICS_MAX });
  return { object: "list" as const, data, has_more: false };
}
