import { getDb } from "@/lib/db/client";
import { getContactOrThrow } from "@/lib/contacts/get-contact-or-throw";
import { selectContactTopics } from "./contact-topics-sql";
import { setContactTopics } from "./set-contact-topics";
import { TOPICS_MAX, type ContactTopicChoice } from "./schemas";

/** PATCH /contacts/:id/topics: stores the choices given; the answer lists every topic after them. */
export async function updateContactTopics(options: { accountId: string; contactId: string; choices: ContactTopicChoice[] }) {
  const { accountId, contactId, choices } = options;
  return getDb().$transaction(async (tx) => {
    await getContactOrThrow({ accountId, id: contactId, db: tx });
    await setContactTopics(tx, { accountId, contactId, choices });
    const data = await selectContactTopics(tx, { accountId, contactId, limit: TOPICS_MAX });
    return { id: contactId, data };
  });
}
