import { getDb, type Db, type Tx } from "@/lib/db/client";
import { verifyUnsubscribeToken, type UnsubscribeTarget } from "@/lib/automations/unsubscribe-token";
import { selectContactTopics, type ContactTopicRow } from "@/lib/topics/contact-topics-sql";
import { TOPICS_MAX } from "@/lib/topics/schemas";

export interface Preferences {
  target: UnsubscribeTarget;
  contact: { id: string; accountId: string; email: string; subscribed: boolean };
  /** Who the emails come from, as the page names them. */
  sender: string;
  /** Every topic of the contact's account with the contact's subscription to it. */
  topics: ContactTopicRow[];
  /** The topic of the email whose link was followed (the token's, else its broadcast's), if any. */
  emailTopic: { id: string; name: string } | null;
}

/**
 * What the preference page behind /u/<token> shows: the token's contact, the account's topics
 * with the contact's choices, and the email's topic. Null for a badly signed token or a contact
 * that no longer exists. Only the token's own contact is ever read.
 */
export async function loadPreferences(token: string, db: Db | Tx = getDb()): Promise<Preferences | null> {
  const target = verifyUnsubscribeToken(token);
  if (!target) return null;
  const contact = await db.contact.findUnique({
    where: { id: target.contactId },
    select: { id: true, accountId: true, email: true, subscribed: true, account: { select: { name: true, companyName: true } } },
  });
  if (!contact) return null;
  const { accountId } = contact;
  const broadcast =
    !target.topicId && target.broadcastId
      ? await db.broadcast.findFirst({ where: { id: target.broadcastId, accountId }, select: { topicId: true } })
      : null;
  const topicId = target.topicId ?? broadcast?.topicId ?? null;
  const topics = await selectContactTopics(db, { accountId, contactId: contact.id, limit: TOPICS_MAX });
  const emailTopic = topics.find((t) => t.id === topicId) ?? null;
  return {
    target,
    contact: { id: contact.id, accountId, email: contact.email, subscribed: contact.subscribed },
    sender: contact.account.companyName || contact.account.name,
    topics,
    emailTopic: emailTopic ? { id: emailTopic.id, name: emailTopic.name } : null,
  };
}
